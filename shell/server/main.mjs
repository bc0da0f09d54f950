// @ts-check
// The composer in production: `node shell/server/main.mjs`, configured by the environment
// (config.mjs). One process per core shares the port; the primary keeps what they must agree on
// (the client ledger: rate limits, field-signal tokens used, clients counted) and serves /metrics,
// the sum of theirs, on a port of its own. SIGTERM (or SIGINT) stops accepting, finishes the
// requests in flight and exits. The signing key is read once and taken out of the environment:
// the workers are given it over IPC (worker-signing-key.mjs), so no child process holds it.
import cluster from 'node:cluster';
import { answerLedgerRequests, createLedger, ledgerOverIpc } from './client-ledger.mjs';
import { configFromEnvironment } from './config.mjs';
import { clusterMetricsText, fieldMetrics, metricsServer, shareWithPrimary } from './metrics.mjs';
import { answerSigningKeyRequests, signingKeyFromPrimary } from './worker-signing-key.mjs';

const config = configured();
delete process.env.SIGNING_KEY;
const log = (/** @type {string} */ line) => console.error(`[${process.pid}] ${line}`);

/** The configuration; if it is wrong, what is wrong, said plainly (nothing in the code failed), and exit 1. */
function configured() {
  try {
    return configFromEnvironment(process.env);
  } catch (error) {
    console.error(`The composer cannot start. ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

/**
 * The environment's key, or (none set) the configuration's random one for this instance, which the
 * primary gives to its workers: field signals work alone, but no preview link is valid for it.
 */
function signingKey() {
  if (config.randomSigningKey)
    log('SIGNING_KEY is not set: this instance signs with a random key of its own (no preview link is valid).');
  return config.signingKey;
}

/**
 * Listens on `port`; fails if it cannot.
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string | undefined} host
 */
const listening = (server, port, host) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });

/**
 * One process serving requests: the only one (with its own ledger and /metrics), or a worker.
 * @param {string} key the signing key
 */
async function serve(key) {
  // Loaded here, not by the primary of several processes, which composes nothing: it forks sooner.
  const [{ composerFromConfig }, { boundedHttpServer }, { stopGracefully }] = await Promise.all([
    import('./composer-from-config.mjs'),
    import('@nova/kit/http-server'),
    import('./node-adapter.mjs'),
  ]);
  const metrics = fieldMetrics();
  if (cluster.isWorker) shareWithPrimary(metrics.registry);
  const { listener, remoteMap, composer } = await composerFromConfig(
    { ...config, signingKey: key },
    { log, metrics, ...(cluster.isWorker && { ledger: ledgerOverIpc() }) },
  );
  // Every page composed and at its best compression before the first request: the seconds after
  // a start have the tail of any other second, through an edge too (issue 34).
  const started = performance.now();
  const warmed = await composer.warm();
  log(`Composed ${warmed} pages before listening (${Math.round(performance.now() - started)} ms).`);
  const server = boundedHttpServer(listener);
  const metricsListener = cluster.isWorker ? undefined : metricsServer({ read: () => metrics.registry.metrics(), log });
  await listening(server, config.port, config.host);
  if (metricsListener) await listening(metricsListener, config.metricsPort, config.metricsHost);
  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= stopGracefully(server, listener).then(() => {
      metricsListener?.close();
      remoteMap.close();
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Starts a process per core, starts another when one that was serving dies, and stops them all
 * on a signal (or when one cannot start: the others would fail alike). It keeps the client ledger
 * the workers ask, and serves /metrics: the sum of theirs.
 */
async function supervise() {
  const key = signingKey();
  let stopping = false;
  const metricsListener = metricsServer({ read: clusterMetricsText(), log });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    metricsListener.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  const serving = new Set();
  cluster.on('listening', (worker) => serving.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!serving.has(worker.id)) {
      log(`worker ${worker.process.pid} could not start (${signal ?? code}); stopping`);
      process.exitCode = 1;
      return stop();
    }
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  answerLedgerRequests(createLedger(), cluster);
  answerSigningKeyRequests(key, cluster);
  try {
    await listening(metricsListener, config.metricsPort, config.metricsHost);
  } catch (error) {
    log(`Cannot serve /metrics on ${config.metricsHost}:${config.metricsPort}: ${error}`);
    process.exit(1);
  }
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const where = `http://${config.host ?? 'localhost'}:${config.port}`;
  console.log(
    `Composing pages at ${where} with ${config.workers} processes (map: ${config.remoteMap}); ` +
      `metrics at http://${config.metricsHost}:${config.metricsPort}/metrics.`,
  );
}

if (cluster.isPrimary && config.workers > 1) await supervise();
else await serve(cluster.isWorker ? await signingKeyFromPrimary() : signingKey());
