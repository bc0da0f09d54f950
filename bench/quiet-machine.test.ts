import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { busyLoad, busyNote, untilQuietMachine } from './quiet-machine.mjs';

const noSleep = async () => undefined;

describe('untilQuietMachine', () => {
  it('prints the load average and goes on when the machine is quiet', async () => {
    const lines: string[] = [];
    const load = await untilQuietMachine({
      benchmark: 'bench:load',
      allowBusy: false,
      loadAverage: () => [busyLoad, 2, 3],
      sleep: noSleep,
      print: (line) => lines.push(line),
    });
    expect(load).toEqual({ loadBefore: `${busyLoad.toFixed(2)} 2.00 3.00`, busy: false });
    expect(lines).toEqual([`[bench:load] load average before the run: ${load.loadBefore} (busy above ${busyLoad}).`]);
    expect(busyNote(load)).toBe('');
  });

  it('waits for a busy machine to quiet down, then goes on', async () => {
    const readings = [busyLoad + 1, busyLoad + 0.5, busyLoad - 0.1];
    const slept: number[] = [];
    const load = await untilQuietMachine({
      benchmark: 'bench',
      allowBusy: false,
      waitMs: 60_000,
      loadAverage: () => [readings[0]!, 0, 0],
      sleep: async (ms) => {
        slept.push(ms);
        readings.shift();
      },
      print: () => {},
    });
    expect(slept).toEqual([5000, 5000]);
    expect(load.busy).toBe(false);
  });

  it('refuses a machine still busy after the wait unless told to, and then the report says so', async () => {
    const busy = () => [busyLoad + 0.01, 0, 0];
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    await expect(
      untilQuietMachine({
        benchmark: 'bench',
        allowBusy: false,
        waitMs: 20_000,
        loadAverage: busy,
        sleep,
        print: () => {},
      }),
    ).rejects.toThrow(/the machine is busy .*BENCH_ALLOW_BUSY=1/);
    expect(slept).toEqual([5000, 5000, 5000, 5000]);
    const load = await untilQuietMachine({
      benchmark: 'bench',
      allowBusy: true,
      loadAverage: busy,
      sleep,
      print: () => {},
    });
    expect(load.busy).toBe(true);
    expect(busyNote(load)).toContain('skewed by other work');
  });

  it('counts half the cores as busy: 1 on a 2-core machine', () => {
    expect(busyLoad).toBe(availableParallelism() / 2);
  });
});
