// @ts-check
// The one way the tools start a server process and know it serves: ask until it says so (an
// address that answers, or any other sign, such as a line in its log), stop the process (and say
// why) if it exits or never does, and stop it by its process id afterwards.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {object} ReadyProcess
 * @property {number} pid
 * @property {() => Promise<void>} stop sends the stop signal to its process id and waits for its exit
 */
/** @typedef {ReadyProcess & { origin: string }} ServingProcess origin: where it serves */

/**
 * A process, once `ready()` says it is (asked every `intervalMs`; a `ready` that throws says not
 * yet). If it exits first, or is not ready within `timeoutMs`, it is stopped (SIGTERM) and the
 * error says why (`problem`).
 * @param {import('node:child_process').ChildProcess} child
 * @param {object} options
 * @param {() => boolean | Promise<boolean>} options.ready
 * @param {() => string} options.problem
 * @param {NodeJS.Signals} [options.stopSignal] what stops it once ready (SIGTERM; nginx finishes its
 *   requests on SIGQUIT, PostgreSQL's fast shutdown is SIGINT)
 * @param {number} [options.timeoutMs]
 * @param {number} [options.intervalMs]
 * @returns {Promise<ReadyProcess>}
 */
export async function readyProcess(
  child,
  { ready, problem, stopSignal = 'SIGTERM', timeoutMs = 10_000, intervalMs = 50 },
) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const isReady = async () => {
    try {
      return await ready();
    } catch {
      return false;
    }
  };
  for (const deadline = Date.now() + timeoutMs; !(await isReady()); await sleep(intervalMs)) {
    if (ended() || Date.now() > deadline) {
      if (!ended()) child.kill('SIGTERM');
      await exited;
      throw new Error(problem());
    }
  }
  return {
    pid: /** @type {number} */ (child.pid),
    async stop() {
      if (!ended()) child.kill(stopSignal);
      await exited;
    },
  };
}

/**
 * A server process, once `url` answers as `serves` wants (200 by default) and `alsoReady` holds
 * (e.g. every worker started); readyProcess's otherwise. `problem` is given the last answer's
 * status, none if nothing answered.
 * @param {import('node:child_process').ChildProcess} child
 * @param {object} options
 * @param {string} options.url
 * @param {(response: Response) => boolean} [options.serves]
 * @param {() => boolean | Promise<boolean>} [options.alsoReady]
 * @param {(status: number | undefined) => string} options.problem
 * @param {NodeJS.Signals} [options.stopSignal]
 * @param {number} [options.timeoutMs]
 * @param {number} [options.intervalMs]
 * @returns {Promise<ServingProcess>}
 */
export async function servingProcess(
  child,
  {
    url,
    serves = (response) => response.status === 200,
    alsoReady = () => true,
    problem,
    timeoutMs = 10_000,
    ...options
  },
) {
  /** @type {number | undefined} */
  let status;
  const answers = () =>
    fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then(
      async (response) => {
        status = response.status;
        await response.body?.cancel();
        return serves(response);
      },
      () => false,
    );
  const ready = await readyProcess(child, {
    ready: async () => (await answers()) && (await alsoReady()),
    problem: () => problem(status),
    timeoutMs,
    ...options,
  });
  return { origin: new URL(url).origin, ...ready };
}
