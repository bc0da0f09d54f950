import { describe, expect, it } from 'vitest';
import { medianWindows } from './edge-after-change.mjs';
import { wrkRun } from './test-support.ts';

const round = (startP99s: number[], releaseP99: number) => ({
  afterStart: startP99s.map((p99) => wrkRun(30_000, p99)),
  afterRelease: { route: '/terms-and-conditions', wrk: wrkRun(30_000, releaseP99) },
});

describe('the edge after a change, over rounds', () => {
  it('reads each window as the median of its rounds, and keeps the highest p99 any round read', () => {
    const windows = medianWindows([round([9, 4], 5), round([4, 30], 6), round([5, 3], 4)]);
    expect(windows.afterStart.map((window) => [window.p99, window.highestP99])).toEqual([
      [5, 9],
      [4, 30],
    ]);
    expect(windows.afterRelease).toMatchObject({ route: '/terms-and-conditions', wrk: { p99: 5, highestP99: 6 } });
  });

  it('counts every round’s requests and errors', () => {
    const windows = medianWindows([round([4], 5), { ...round([4], 5), afterStart: [wrkRun(30_000, 4, 7)] }]);
    expect(windows.afterStart[0]).toMatchObject({ requests: 300_000, errors: 7 });
  });

  it('refuses to make figures of no round', () => {
    expect(() => medianWindows([])).toThrow('No round');
  });
});
