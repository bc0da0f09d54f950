import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { busyLoad, busyNote, checkQuietMachine } from './quiet-machine.mjs';

describe('checkQuietMachine', () => {
  it('prints the load average and goes on when the machine is quiet', () => {
    const lines: string[] = [];
    const load = checkQuietMachine({
      benchmark: 'bench:load',
      allowBusy: false,
      loadAverage: () => [busyLoad, 2, 3],
      print: (line) => lines.push(line),
    });
    expect(load).toEqual({ loadBefore: `${busyLoad.toFixed(2)} 2.00 3.00`, busy: false });
    expect(lines).toEqual([`[bench:load] load average before the run: ${load.loadBefore} (busy above ${busyLoad}).`]);
    expect(busyNote(load)).toBe('');
  });

  it('refuses a busy machine unless told to, and then the report says so', () => {
    const busy = () => [busyLoad + 0.01, 0, 0];
    expect(() =>
      checkQuietMachine({ benchmark: 'bench', allowBusy: false, loadAverage: busy, print: () => {} }),
    ).toThrow(/the machine is busy .*BENCH_ALLOW_BUSY=1/);
    const load = checkQuietMachine({ benchmark: 'bench', allowBusy: true, loadAverage: busy, print: () => {} });
    expect(load.busy).toBe(true);
    expect(busyNote(load)).toContain('skewed by other work');
  });

  it('counts half the cores as busy: 1 on a 2-core machine', () => {
    expect(busyLoad).toBe(availableParallelism() / 2);
  });
});
