// @ts-check
// The one way the tools start a server process and know it serves: poll an address until the
// answer says so, stop the process (and say why) if it exits or never does, and stop it by its
// process id afterwards.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {object} ServingProcess
 * @property {string} origin where it serves
 * @property {number} pid
 * @property {() => Promise<void>} stop sends the stop signal to its process id and waits for its exit
 */

/**
 * A server process, once `url` answers as `serves` wants (200 by default). If it exits first, or
 * does not serve within `timeoutMs`, it is stopped and the error says why (`problem`, given the
 * last answer's status, none if nothing answered).
 * @param {import('node:child_process').ChildProcess} child
 * @param {object} options
 * @param {string} options.url
 * @param {(response: Response) => boolean} [options.serves]
 * @param {(status: number | undefined) => string} options.problem
 * @param {NodeJS.Signals} [options.stopSignal] what stops it (SIGTERM; nginx finishes its requests on SIGQUIT)
 * @param {number} [options.timeoutMs]
 * @param {number} [options.intervalMs]
 * @returns {Promise<ServingProcess>}
 */
export async function servingProcess(
  child,
  {
    url,
    serves = (response) => response.status === 200,
    problem,
    stopSignal = 'SIGTERM',
    timeoutMs = 10_000,
    intervalMs = 50,
  },
) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!ended()) child.kill(stopSignal);
    await exited;
  };
  /** @type {number | undefined} */
  let status;
  for (const deadline = Date.now() + timeoutMs; ;) {
    const served = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then(
      async (response) => {
        status = response.status;
        await response.body?.cancel();
        return serves(response);
      },
      () => false,
    );
    if (served) break;
    if (ended() || Date.now() > deadline) {
      if (!ended()) child.kill('SIGTERM');
      await exited;
      throw new Error(problem(status));
    }
    await sleep(intervalMs);
  }
  return { origin: new URL(url).origin, pid: /** @type {number} */ (child.pid), stop };
}
