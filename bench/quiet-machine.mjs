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
 * Prints the load average; throws when the machine is busy and `allowBusy` is not set.
 * @param {object} options
 * @param {string} options.benchmark its name, for the message
 * @param {boolean} [options.allowBusy] go on anyway (the report then says the figures are skewed)
 * @param {() => number[]} [options.loadAverage]
 * @param {(line: string) => void} [options.print]
 * @returns {MachineLoad}
 */
export function checkQuietMachine({
  benchmark,
  allowBusy = process.env.BENCH_ALLOW_BUSY === '1',
  loadAverage = loadavg,
  print = console.error,
}) {
  const averages = loadAverage();
  const loadBefore = averages.map((value) => value.toFixed(2)).join(' ');
  const busy = (averages[0] ?? 0) > busyLoad;
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
