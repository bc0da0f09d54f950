// @ts-check
// The composer as production runs it (shell/server/main.mjs, started by scripts/serve.mjs),
// for one of the benchmark's environments, with the processes that serve its requests.
import { setTimeout as sleep } from 'node:timers/promises';
import { composerSettings, startComposer } from '../../scripts/local-composer.mjs';
import { childrenOf, commandLine } from './processes.mjs';

const isComposer = (/** @type {number} */ pid) => commandLine(pid).includes('shell/server/main.mjs');

/**
 * Starts the composer for the deployment root `deployments` on `port` with `workers`
 * processes; resolves once every one of them serves.
 * @param {{ deployments: string, port: number, workers: number }} options
 */
export async function startComposerWithWorkers({ deployments, port, workers }) {
  const before = new Set(childrenOf(process.pid));
  const server = await startComposer({
    ...composerSettings({ deployments, port }),
    WEB_CONCURRENCY: String(workers),
    // Several run at once, and none is scraped: their metrics on any free port.
    METRICS_PORT: '0',
  });
  /** Stops it, then says why. */
  const fail = async (/** @type {string} */ why) => {
    await server.stop();
    throw new Error(why);
  };
  const primary = childrenOf(process.pid).find((pid) => !before.has(pid) && isComposer(pid));
  if (primary === undefined) return fail('The composer started, but its process is not a child of this one.');
  /** The processes serving requests: the primary's workers, or the primary itself when it is the only one. */
  const serving = () => (workers > 1 ? childrenOf(primary) : [primary]);
  for (let waited = 0; serving().length < workers; waited += 50) {
    if (waited > 10_000) return fail(`The composer has ${serving().length} of ${workers} workers.`);
    await sleep(50);
  }
  return { origin: `http://localhost:${port}`, serving, stop: server.stop };
}
