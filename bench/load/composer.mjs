// @ts-check
// The composer as production runs it (shell/server/main.mjs, started by scripts/serve.mjs),
// for one of the benchmark's environments, with the processes that serve its requests.
import { composerSettings, startComposer } from '../../scripts/local-composer.mjs';
import { childrenOf } from './processes.mjs';

/**
 * Starts the composer for the deployment root `deployments` on `port` with `workers`
 * processes; resolves once every one of them serves.
 * @param {{ deployments: string, port: number, workers: number }} options
 */
export async function startComposerWithWorkers({ deployments, port, workers }) {
  /** The processes serving requests: the primary's workers, or the primary itself when it is the only one. */
  const serving = (/** @type {number} */ primary) => (workers > 1 ? childrenOf(primary) : [primary]);
  const server = await startComposer(
    // Several run at once, and none is scraped: their metrics on any free port.
    composerSettings({ deployments, port, workers, metricsPort: 0 }),
    { alsoReady: (primary) => serving(primary).length >= workers },
  );
  return { origin: `http://localhost:${port}`, serving: () => serving(server.pid), stop: server.stop };
}
