// @ts-check
// Figures taken while other work runs are noise (at a load average of 6 every figure halved): a
// benchmark prints the load average before it starts and refuses to go on when the machine is
// busy, unless told to (BENCH_ALLOW_BUSY=1), in which case its report says so.
import { availableParallelism, loadavg } from 'node:os';

/**
 * The load average above which the machine counts as busy: half its cores (1 on a 2-core
 * machine), so that the benchmark itself has the other half.
 */
export const busyLoad = availableParallelism() / 2;

/**
 * @typedef {object} MachineLoad
 * @property {string} loadBefore the 1, 5 and 15-minute load averages, as printed
 * @property {boolean} busy whether the 1-minute average was above `busyLoad`
 */

/**
 * Prints the load average and waits, up to `waitMs`, for a busy machine to quiet down (the build
 * `pnpm bench:load` runs first leaves the one-minute average above 1 for a minute or two); throws
 * when it is still busy and `allowBusy` is not set.
 * @param {object} options
 * @param {string} options.benchmark its name, for the message
 * @param {boolean} [options.allowBusy] go on anyway (the report then says the figures are skewed)
 * @param {number} [options.waitMs] how long to wait for a quiet machine (BENCH_WAIT_SECONDS, 180 s)
 * @param {() => number[]} [options.loadAverage]
 * @param {(ms: number) => Promise<unknown>} [options.sleep]
 * @param {(line: string) => void} [options.print]
 * @returns {Promise<MachineLoad>}
 */
export async function untilQuietMachine({
  benchmark,
  allowBusy = process.env.BENCH_ALLOW_BUSY === '1',
  waitMs = Number(process.env.BENCH_WAIT_SECONDS ?? 180) * 1000,
  loadAverage = loadavg,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  print = console.error,
}) {
  const pollMs = 5000;
  const averages = () =>
    loadAverage()
      .map((value) => value.toFixed(2))
      .join(' ');
  const busyNow = () => (loadAverage()[0] ?? 0) > busyLoad;
  if (busyNow() && !allowBusy && waitMs > 0) {
    print(`[${benchmark}] load average ${averages()}: waiting up to ${waitMs / 1000} s for it to fall to ${busyLoad}.`);
    for (let waited = 0; waited < waitMs && busyNow(); waited += pollMs) await sleep(pollMs);
  }
  const loadBefore = averages();
  const busy = busyNow();
  print(`[${benchmark}] load average before the run: ${loadBefore} (busy above ${busyLoad}).`);
  if (busy && !allowBusy)
    throw new Error(
      `${benchmark}: the machine is busy (load average ${loadBefore}, above ${busyLoad}): its figures would be ` +
        'skewed by other work. Wait for a quiet machine, or set BENCH_ALLOW_BUSY=1 to measure anyway (the report says so).',
    );
  return { loadBefore, busy };
}

/** What a report says of figures taken on a busy machine; nothing for a quiet one. */
export const busyNote = (/** @type {MachineLoad} */ { loadBefore, busy }) =>
  busy ? ` **Taken on a busy machine (load average ${loadBefore}): these figures are skewed by other work.**` : '';
