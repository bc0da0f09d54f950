// @ts-check
// For metrics.test.ts and client-ledger.test.ts: a primary and two workers as main.mjs runs them.
// Each worker counts a page view; the primary serves the sum at /metrics on a port of its own and
// keeps the client ledger. It has each worker in turn spend the same field-signal token, prints
// what each was told and the metrics port as one line of JSON, and serves until SIGTERM.
import cluster from 'node:cluster';
import { answerLedgerRequests, createLedger, ledgerOverIpc } from './client-ledger.mjs';
import { clusterMetricsText, fieldMetrics, metricsServer, shareWithPrimary } from './metrics.mjs';

if (cluster.isPrimary) {
  answerLedgerRequests(createLedger(), cluster);
  const server = metricsServer({ read: clusterMetricsText() });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const workers = [cluster.fork(), cluster.fork()];
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  /** Asks a worker to spend the token, and waits for what the ledger told it. */
  const spend = (/** @type {import('node:cluster').Worker} */ worker) =>
    new Promise((resolve) => {
      const told = (/** @type {{ type?: string, result?: unknown }} */ message) => {
        if (message.type !== 'spent') return;
        worker.off('message', told);
        resolve(message.result);
      };
      worker.on('message', told);
      worker.send({ type: 'spend' });
    });
  const redeemed = [
    await spend(/** @type {import('node:cluster').Worker} */ (workers[0])),
    await spend(/** @type {import('node:cluster').Worker} */ (workers[1])),
  ];
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  process.stdout.write(`${JSON.stringify({ port, redeemed })}\n`);
  process.once('SIGTERM', () => {
    for (const worker of workers) worker.kill();
    server.close();
  });
} else {
  const metrics = fieldMetrics();
  metrics.pageView('games', '1.2.0-bbbb');
  shareWithPrimary(metrics.registry);
  const ledger = ledgerOverIpc();
  process.on('message', (/** @type {{ type?: string }} */ message) => {
    if (message.type !== 'spend') return;
    const redemption = { id: 'token-1', expiresAt: Date.now() + 60_000, client: 'c', versions: ['games@1.2.0-bbbb'] };
    void ledger.redeem(redemption).then((result) => process.send?.({ type: 'spent', result }));
  });
  process.send?.({ type: 'ready' });
}
