// @ts-check
// The composing server in production: `node shell/server/main.mjs`, configured by the environment
// (config.mjs). One process per core shares the port; SIGTERM (or SIGINT) stops accepting,
// finishes the requests in flight and exits.
import cluster from 'node:cluster';
import { createFieldSignals } from './field-signals.mjs';
import { createFragmentSource } from './fragments.mjs';
import { serverConfig } from './config.mjs';
import { answerWorkers, fieldMetrics, metricsText } from './metrics.mjs';
import { shellListener, shellServer, stopGracefully } from './node-server.mjs';
import { remoteMapAt } from './remote-map-source.mjs';
import { createShellHandler, loadShell } from './shell-handler.mjs';

const config = serverConfig(process.env);
const log = (/** @type {string} */ line) => console.error(`[${process.pid}] ${line}`);

/** One process serving requests. */
async function serve() {
  const remoteMap = remoteMapAt(config.remoteMap, { environment: config, log });
  const metrics = fieldMetrics();
  // A worker answers /metrics with every worker's counts, summed by the primary.
  const readMetrics = metricsText(metrics.registry, { worker: cluster.isWorker ? process : undefined });
  const handler = createShellHandler({
    ...(await loadShell(config.shellBuild)),
    remoteMap,
    fragmentOf: createFragmentSource({ timeoutMs: config.fragmentTimeoutMs }),
    sliceOrigins: config.sliceOrigins,
    gameProvider: config.gameProvider,
    pageCacheBytes: config.pageCacheBytes,
    fieldSignals: createFieldSignals({ remoteMap, metrics, readMetrics }),
  });
  const listener = shellListener({ handler, shellBuild: config.shellBuild, log });
  const server = shellServer(listener);
  // A map behind a URL is read once before the first request, so no instance starts without it,
  // and its released versions' fragments are at hand for the first pages.
  await remoteMap.ready;
  await handler.prefetchFragments();
  await new Promise((resolve) => server.listen(config.port, config.host, () => resolve(undefined)));
  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= stopGracefully(server, listener).then(() => {
      remoteMap.close();
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Starts a process per core, starts another when one that was serving dies, and stops them all
 * on a signal (or when one cannot start: the others would fail alike).
 */
function supervise() {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
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
  answerWorkers();
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const where = `http://${config.host ?? 'localhost'}:${config.port}`;
  console.log(`Composing pages at ${where} with ${config.workers} processes (map: ${config.remoteMap}).`);
}

if (cluster.isPrimary && config.workers > 1) supervise();
else await serve();
