import { describe, expect, it } from 'vitest';
import { loadReport, type LoadFigures } from './report.mjs';
import { wrkRun as wrk } from './test-support.ts';

const figures = (changes: Partial<LoadFigures> = {}): LoadFigures => ({
  setup: {
    date: '2026-11-25 14:00 UTC',
    commit: 'abc1234',
    machine: 'AMD EPYC, 2 cores, 24 GiB',
    loadBefore: '0.10 0.20 0.30',
    busy: false,
    node: '20.20.2',
    nginx: '1.22.1',
    wrk: '4.1.0',
    seconds: 5,
    rounds: 3,
    connections: 64,
    cores: 2,
  },
  routes: [
    {
      route: '/',
      limit: wrk(40_000, 4),
      plainNode: wrk(32_000, 5),
      oneProcess: wrk(20_000, 6),
      allCores: wrk(30_000, 9),
      shareOfPlainNode: 0.93,
      edge: wrk(36_000, 5),
    },
    {
      route: '/games',
      limit: wrk(40_000, 4),
      plainNode: wrk(30_000, 5),
      oneProcess: wrk(20_000, 6),
      allCores: wrk(26_000, 12),
      shareOfPlainNode: 0.84,
      edge: wrk(30_000, 5),
    },
  ],
  edgeMissing: undefined,
  misses: { path: '/games/load-‹n›', oneProcess: wrk(300, 200), allCores: wrk(500, 150) },
  missCosts: [
    { route: '/', answerCpuMs: 6.2, backgroundCpuMs: 30, timing: { fragment: 0.1, render: 4, compress: 2 } },
    { route: '/games', answerCpuMs: 4.1, backgroundCpuMs: 25, timing: { fragment: 0.1, render: 2, compress: 1.5 } },
  ],
  stall: {
    timeoutMs: 400,
    seconds: 10,
    stalledRoute: '/terms-and-conditions',
    otherRoute: '/games',
    healthy: { stalledRoute: wrk(10_000, 10), otherRoute: wrk(10_000, 10) },
    stalled: { stalledRoute: wrk(10_000, 420), otherRoute: wrk(10_000, 11) },
  },
  release: {
    route: '/terms-and-conditions',
    seconds: 8,
    version: '1.0.0-abcdef12',
    wrk: wrk(20_000, 10),
    poller: { requests: 600, failures: 0, newVersionAfterMs: 40 },
  },
  memory: { processes: 2, requests: 100_500, beforeMiB: 200, afterMiB: 205 },
  ...changes,
});

const targetLine = (report: string, start: string) => report.split('\n').find((line) => line.startsWith(`| ${start}`));

describe('loadReport', () => {
  it('marks each target by the worst route', () => {
    const report = loadReport(figures());
    // 26,000 of 40,000 on /games: 65 %.
    expect(targetLine(report, 'cached pages, composer, 2 processes: ≥ 60 %')).toMatch(
      /65 % \(\/games, the lowest; plain Node there: 75 %\) \| ✓ \|$/,
    );
    expect(targetLine(report, 'cached pages, composer, 2 processes: p99')).toMatch(
      /12\.0 ms \(\/games, the highest\) \| ✓ \|$/,
    );
    expect(targetLine(report, "cached pages, composer, 2 processes: ≥ 85 % of plain Node's")).toMatch(
      /84 % \(\/games, the lowest; of the medians: 87 %\) \| ✗ \|$/,
    );
    expect(targetLine(report, 'through the nginx edge')).toMatch(/75 % \(\/games, the lowest\) \| ✗ \|$/);
    expect(targetLine(report, 'a miss composes')).toMatch(/6\.2 ms \(\/, the highest\) \| ✓ \|$/);
    expect(targetLine(report, 'stalled origin: other')).toMatch(/10\.0 → 11\.0 ms, \+10\.0 % \(\/games\) \| ✓ \|$/);
    expect(targetLine(report, 'resident memory')).toMatch(/200\.0 → 205\.0 MiB, \+2\.5 % \| ✓ \|$/);
  });

  it('fails a release with errors, or whose new version was never seen', () => {
    const release = { ...figures().release, poller: { requests: 600, failures: 2, newVersionAfterMs: undefined } };
    const report = loadReport(figures({ release }));
    expect(targetLine(report, 'a release under load: no errors')).toMatch(/2 of 100,600 requests \| ✗ \|$/);
    expect(targetLine(report, 'a release under load: the new version')).toMatch(/never seen \| ✗ \|$/);
  });

  it('says why the edge was not measured, and judges nothing for it', () => {
    const routes = figures().routes.map(({ edge: _, ...route }) => route);
    const report = loadReport(figures({ routes, edgeMissing: 'edge/ missing' }));
    expect(targetLine(report, 'through the nginx edge')).toMatch(/not measured: edge\/ missing \| – \|$/);
    expect(report).toContain('| / | nginx edge → composer | not measured: edge/ missing |');
  });

  it("judges the edge's tail after a change by its slowest window, and shows every window", () => {
    const window = (p99: number) => ({ ...wrk(30_000, p99, 0, 10), highestP99: p99 + 1 });
    const afterChange = (p99s: number[], releaseP99: number) => ({
      seconds: 10,
      afterStart: p99s.map(window),
      afterRelease: { route: '/terms-and-conditions', wrk: window(releaseP99) },
    });
    const slow = loadReport(figures({ afterChange: afterChange([40, 3], 4) }));
    expect(targetLine(slow, 'through the nginx edge: p99 ≤ 5 ms')).toMatch(
      /40\.0 ms \(0–10 s after the start, every route, the highest\) \| ✗ \|$/,
    );
    expect(slow).toContain('| 10–20 s after the start, every route | 30,000 | 0.8 | 3.0 | 6.0 | 0 | 4.0 |');
    expect(slow).toContain(
      '| 10 s around a release of legal, /terms-and-conditions | 30,000 | 1.0 | 4.0 | 8.0 | 0 | 5.0 |',
    );
    const quick = loadReport(figures({ afterChange: afterChange([4.8, 2], 5) }));
    expect(targetLine(quick, 'through the nginx edge: p99 ≤ 5 ms')).toMatch(
      /5\.0 ms \(10 s around a release.*\| ✓ \|$/,
    );
    expect(targetLine(loadReport(figures()), 'through the nginx edge: p99 ≤ 5 ms')).toMatch(
      /not measured: no edge \| – \|$/,
    );
  });

  it("reads the edge's share of the limit from its own paired rounds when it has them", () => {
    const base = figures();
    const paired = (edgeShareOfLimit: number) =>
      loadReport(figures({ routes: base.routes.map((route) => ({ ...route, edgeShareOfLimit })) }));
    // Unpaired, /games reads 30,000 of 40,000: 75 %.
    expect(targetLine(loadReport(base), 'through the nginx edge: ≥ 80 %')).toMatch(
      /75 % \(\/games, the lowest\) \| ✗ \|$/,
    );
    expect(targetLine(paired(0.86), 'through the nginx edge: ≥ 80 %')).toMatch(/86 % \(\/, the lowest\) \| ✓ \|$/);
    expect(paired(0.86)).toContain('| /games | nginx edge → composer | 30,000 | 1.3 | 5.0 | 0 | 86 % |');
  });

  it("shows Node's own ceiling beside the composer", () => {
    expect(loadReport(figures())).toContain('| /games | plain Node, 2 processes | 30,000 | ');
  });
});
