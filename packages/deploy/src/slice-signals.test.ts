// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { figuresOf } from './signal-figures.js';
import { increase, readingOf, readMetrics, restarted, sumReadings, type Reading } from './slice-signals.js';

// One server's /metrics as prom-client writes it: our families among others (Node's own, with a
// NaN), another slice's series, and the legal slice's two versions.
const instanceA = `# HELP process_cpu_user_seconds_total Total user CPU time spent in seconds.
# TYPE process_cpu_user_seconds_total counter
process_cpu_user_seconds_total 0.52
# HELP nodejs_eventloop_lag_mean_seconds The mean of the recorded event loop delays.
# TYPE nodejs_eventloop_lag_mean_seconds gauge
nodejs_eventloop_lag_mean_seconds NaN
# HELP nova_slice_page_views_total Page views of a slice version.
# TYPE nova_slice_page_views_total counter
nova_slice_page_views_total{slice="legal",version="1.0.0-aaaa"} 180
nova_slice_page_views_total{slice="legal",version="1.1.0-bbbb"} 20
nova_slice_page_views_total{slice="games",version="2.0.0-gggg"} 500
# HELP nova_slice_failures_total Failures of a slice version, by kind.
# TYPE nova_slice_failures_total counter
nova_slice_failures_total{slice="legal",version="1.0.0-aaaa",kind="load"} 1
nova_slice_failures_total{slice="legal",version="1.1.0-bbbb",kind="render"} 3
nova_slice_failures_total{slice="legal",version="1.1.0-bbbb",kind="hydration"} 1
nova_slice_failures_total{slice="games",version="2.0.0-gggg",kind="render"} 50
# HELP nova_slice_lcp_seconds Largest Contentful Paint of a slice version.
# TYPE nova_slice_lcp_seconds histogram
nova_slice_lcp_seconds_bucket{le="1",slice="legal",version="1.0.0-aaaa"} 40
nova_slice_lcp_seconds_bucket{le="2.5",slice="legal",version="1.0.0-aaaa"} 140
nova_slice_lcp_seconds_bucket{le="4",slice="legal",version="1.0.0-aaaa"} 170
nova_slice_lcp_seconds_bucket{le="+Inf",slice="legal",version="1.0.0-aaaa"} 180
nova_slice_lcp_seconds_sum{slice="legal",version="1.0.0-aaaa"} 351.5
nova_slice_lcp_seconds_count{slice="legal",version="1.0.0-aaaa"} 180
nova_slice_lcp_seconds_bucket{le="1",slice="legal",version="1.1.0-bbbb"} 0
nova_slice_lcp_seconds_bucket{le="2.5",slice="legal",version="1.1.0-bbbb"} 10
nova_slice_lcp_seconds_bucket{le="4",slice="legal",version="1.1.0-bbbb"} 20
nova_slice_lcp_seconds_bucket{le="+Inf",slice="legal",version="1.1.0-bbbb"} 20
nova_slice_lcp_seconds_sum{slice="legal",version="1.1.0-bbbb"} 55
nova_slice_lcp_seconds_count{slice="legal",version="1.1.0-bbbb"} 20
# HELP nova_slice_inp_seconds Interaction to Next Paint of a slice version.
# TYPE nova_slice_inp_seconds histogram
nova_slice_inp_seconds_bucket{le="0.1",slice="legal",version="1.0.0-aaaa"} 30
nova_slice_inp_seconds_bucket{le="0.2",slice="legal",version="1.0.0-aaaa"} 90
nova_slice_inp_seconds_bucket{le="0.5",slice="legal",version="1.0.0-aaaa"} 100
nova_slice_inp_seconds_bucket{le="+Inf",slice="legal",version="1.0.0-aaaa"} 100
nova_slice_inp_seconds_sum{slice="legal",version="1.0.0-aaaa"} 15
nova_slice_inp_seconds_count{slice="legal",version="1.0.0-aaaa"} 100
`;

// A second instance of the server: fewer views, the same buckets.
const instanceB = `# HELP nova_slice_page_views_total Page views of a slice version.
# TYPE nova_slice_page_views_total counter
nova_slice_page_views_total{slice="legal",version="1.0.0-aaaa"} 20
# HELP nova_slice_failures_total Failures of a slice version, by kind.
# TYPE nova_slice_failures_total counter
nova_slice_failures_total{slice="legal",version="1.0.0-aaaa",kind="render"} 1
# HELP nova_slice_lcp_seconds Largest Contentful Paint of a slice version.
# TYPE nova_slice_lcp_seconds histogram
nova_slice_lcp_seconds_bucket{le="1",slice="legal",version="1.0.0-aaaa"} 0
nova_slice_lcp_seconds_bucket{le="2.5",slice="legal",version="1.0.0-aaaa"} 10
nova_slice_lcp_seconds_bucket{le="4",slice="legal",version="1.0.0-aaaa"} 20
nova_slice_lcp_seconds_bucket{le="+Inf",slice="legal",version="1.0.0-aaaa"} 20
nova_slice_lcp_seconds_sum{slice="legal",version="1.0.0-aaaa"} 50
nova_slice_lcp_seconds_count{slice="legal",version="1.0.0-aaaa"} 20
`;

describe("a slice's field signals", () => {
  it("reads one server's counters and histograms for the slice's versions only", async () => {
    const reading = await readingOf(instanceA, 'legal');
    expect([...reading.keys()]).toEqual(['1.0.0-aaaa', '1.1.0-bbbb']);
    const canary = reading.get('1.1.0-bbbb')!;
    expect(canary.pageViews).toBe(20);
    expect(canary.failures).toEqual({ load: 0, render: 3, hydration: 1 });
    expect([...canary.vitals.LCP.buckets]).toEqual([
      [1, 0],
      [2.5, 10],
      [4, 20],
      [Infinity, 20],
    ]);
    expect(canary.vitals.INP.count).toBe(0);
  });

  it('gives the figures of one server: rates over page views, p75 interpolated in its bucket', async () => {
    const figures = figuresOf((await readingOf(instanceA, 'legal')).get('1.1.0-bbbb')!);
    expect(figures).toMatchObject({ pageViews: 20, failures: 4, hydrationFailures: 1 });
    expect(figures.failureRate).toBeCloseTo(0.2);
    expect(figures.renderErrorRate).toBeCloseTo(0.15);
    expect(figures.loadFailureRate).toBe(0);
    // Rank 15 of 20 lies in (2.5, 4], which holds observations 11–20: 2.5 + 1.5 × 5/10.
    expect(figures.lcpP75).toBeCloseTo(3.25);
    expect(figures.inpP75).toBeUndefined();
  });

  it('sums several servers: counters and buckets add up before the figures', async () => {
    const sum = sumReadings([await readingOf(instanceA, 'legal'), await readingOf(instanceB, 'legal')]);
    const released = figuresOf(sum.get('1.0.0-aaaa')!);
    expect(released).toMatchObject({ pageViews: 200, failures: 2 });
    expect(released.failureRate).toBeCloseTo(0.01);
    expect(released.renderErrorRate).toBeCloseTo(0.005);
    // Buckets summed: 40, 150, 190, 200. Rank 150 is the top of (1, 2.5].
    expect(released.lcpP75).toBeCloseTo(2.5);
    // One server alone: 40, 140, 170, 180; rank 135 → 1 + 1.5 × 95/100.
    expect(figuresOf((await readingOf(instanceA, 'legal')).get('1.0.0-aaaa')!).lcpP75).toBeCloseTo(2.425);
    expect(released.inpP75).toBeCloseTo(0.1 + 0.1 * (45 / 60));
  });

  it('counts what happened between two readings, and all of the second after a restart', async () => {
    const before = await readingOf(instanceA, 'legal');
    const later = instanceA
      .replace('version="1.1.0-bbbb"} 20\n', 'version="1.1.0-bbbb"} 50\n')
      .replace('version="1.1.0-bbbb",kind="render"} 3', 'version="1.1.0-bbbb",kind="render"} 9');
    const after = await readingOf(later, 'legal');
    expect(restarted(before, after)).toBe(false);
    const grown = increase(before, after);
    expect(grown.get('1.1.0-bbbb')).toMatchObject({ pageViews: 30, failures: { render: 6, hydration: 0 } });
    expect(grown.get('1.0.0-aaaa')?.pageViews).toBe(0);

    // The server restarted: it counts 5 views of the canary since, fewer than before.
    const fresh = await readingOf('nova_slice_page_views_total{slice="legal",version="1.1.0-bbbb"} 5\n', 'legal');
    expect(restarted(after, fresh)).toBe(true);
    const sinceRestart: Reading = increase(after, fresh);
    expect(sinceRestart.get('1.1.0-bbbb')?.pageViews).toBe(5);
    expect(sinceRestart.has('1.0.0-aaaa')).toBe(false);
  });
});

describe('reading a server', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const serve = async (status: number, body: string) => {
    const server = createServer((_, response) => response.writeHead(status).end(body));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    closers.push(() => new Promise((closed) => server.close(() => closed())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  };

  it('reads the metrics text over HTTP', async () => {
    const reading = await readMetrics(await serve(200, instanceB), 'legal');
    expect(reading.get('1.0.0-aaaa')?.pageViews).toBe(20);
  });

  it('says in a sentence why it could not', async () => {
    const closed = await serve(200, '');
    await closers.pop()!();
    await expect(readMetrics(closed, 'legal')).rejects.toThrow(`Cannot read the metrics at ${closed}: ECONNREFUSED.`);
    const missing = await serve(404, 'Not Found');
    await expect(readMetrics(missing, 'legal')).rejects.toThrow(
      `Cannot read the metrics at ${missing}: it answered 404`,
    );
    const garbled = await serve(200, 'nova_slice_page_views_total{slice="legal" oops\n');
    await expect(readMetrics(garbled, 'legal')).rejects.toThrow(`The metrics at ${garbled} are not Prometheus text`);
  });
});
