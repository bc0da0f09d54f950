// @vitest-environment node
// The canary commands as a team runs them: real CLI processes on a map file in a temporary root,
// reading field signals from a real HTTP server whose metrics change between polls.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { metricNames } from '@nova/contracts/field-signals';
import type { RemoteMapJson } from '@nova/contracts/remote-map';
import { legacyPages } from '@nova/contracts/routes';

const cli = join(import.meta.dirname, 'cli.js');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const temporary = () => {
  const folder = mkdtempSync(join(tmpdir(), 'nova-canary-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
};

/** One CLI run: its exit code and what it printed (a failing run does not throw). */
function run(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(process.execPath, [cli, ...args], { encoding: 'utf8' }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A deployment root with three published builds of legal, the first released. */
async function legalEnvironment() {
  const root = temporary();
  const shellManifest = join(root, 'shell-manifest.json');
  writeFileSync(shellManifest, JSON.stringify({ exposes: [], shared: [] }));
  const slice = (...args: string[]) => run([...args, '--root', root, '--shell-manifest', shellManifest]);
  const versions: string[] = [];
  for (const edition of [1, 2, 3]) {
    const dist = temporary();
    const pages = legacyPages('legal');
    const exposes = pages.map(({ module }) => ({ name: module }));
    writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'legal', exposes, shared: [], pages }));
    writeFileSync(join(dist, 'remoteEntry.js'), `export const edition = ${edition};`);
    const { stdout } = await slice('publish', 'legal', '--dist', dist);
    versions.push(/^legal (\S+) is published\.$/m.exec(stdout)![1]!);
  }
  expect((await slice('release', 'legal', versions[0]!)).code).toBe(0);
  const map = () => JSON.parse(readFileSync(join(root, 'remotes.json'), 'utf8')) as RemoteMapJson;
  const traffic = () => Object.fromEntries(map().microFrontends.legal!.map((v) => [v.metadata.version, v.deployment]));
  return { slice, versions: versions as [string, string, string], map, traffic };
}

type Counts = { views: number; clients?: number; render?: number; lcp?: [number, number, number] };

/** /metrics as the composer writes it, for legal's versions (LCP buckets: ≤1 s, ≤2.5 s, all). */
function metricsText(versions: Record<string, Counts>) {
  const labels = (version: string) => `slice="legal",version="${version}"`;
  const entries = Object.entries(versions);
  return [
    `# TYPE ${metricNames.pageViews} counter`,
    ...entries.map(([version, { views }]) => `${metricNames.pageViews}{${labels(version)}} ${views}`),
    `# TYPE ${metricNames.clients} counter`,
    ...entries.map(([version, { clients = 0 }]) => `${metricNames.clients}{${labels(version)}} ${clients}`),
    `# TYPE ${metricNames.failures} counter`,
    ...entries.map(
      ([version, { render = 0 }]) => `${metricNames.failures}{${labels(version)},kind="render"} ${render}`,
    ),
    `# TYPE ${metricNames.LCP} histogram`,
    ...entries.flatMap(([version, { lcp = [0, 0, 0] }]) => [
      `${metricNames.LCP}_bucket{le="1",${labels(version)}} ${lcp[0]}`,
      `${metricNames.LCP}_bucket{le="2.5",${labels(version)}} ${lcp[1]}`,
      `${metricNames.LCP}_bucket{le="+Inf",${labels(version)}} ${lcp[2]}`,
      `${metricNames.LCP}_sum{${labels(version)}} 0`,
      `${metricNames.LCP}_count{${labels(version)}} ${lcp[2]}`,
    ]),
    '',
  ].join('\n');
}

/** A metrics server on a free port: the n-th request gets the n-th text (then the last one again). */
async function metricsServer(texts: string[]) {
  let served = 0;
  const server = createServer((_, response) => {
    const text = texts[Math.min(served, texts.length - 1)];
    served += 1;
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(text);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  cleanups.push(() => new Promise((closed) => server.close(closed)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, served: () => served };
}

describe('slice release --traffic', { timeout: 60_000 }, () => {
  it('sets, replaces, lists, rolls back and promotes a canary in the map', async () => {
    const { slice, versions, traffic } = await legalEnvironment();
    const [a, b, c] = versions;

    const set = await slice('release', 'legal', b, '--traffic', '10');
    expect(set).toMatchObject({
      code: 0,
      stdout: `legal ${b} is the canary with 10 % of the traffic; ${a} keeps 90 %.\n`,
    });
    expect(traffic()).toEqual({
      [a]: { traffic: 90, default: true },
      [b]: { traffic: 10, default: false },
      [c]: { traffic: 0, default: false },
    });

    const replaced = await slice('release', 'legal', c, '--traffic', '25');
    expect(replaced.stdout).toBe(
      `legal ${c} is the canary with 25 % of the traffic; ${a} keeps 75 % (it replaces the canary ${b}).\n`,
    );
    expect(traffic()).toEqual({
      [a]: { traffic: 75, default: true },
      [b]: { traffic: 0, default: false },
      [c]: { traffic: 25, default: false },
    });
    const listed = (await slice('list')).stdout;
    expect(listed).toMatch(new RegExp(`^  \\* ${a}  released, 75 %`, 'm'));
    expect(listed).toMatch(new RegExp(`^  ~ ${c}  canary, 25 %`, 'm'));
    expect(listed).toMatch(new RegExp(`^    ${b}  built`, 'm'));

    const rolledBack = await slice('rollback', 'legal');
    expect(rolledBack.stdout).toBe(`legal: the canary ${c} is rolled back; all traffic is on ${a} again.\n`);
    expect(traffic()[a]).toEqual({ traffic: 100, default: true });
    expect(traffic()[c]).toEqual({ traffic: 0, default: false });

    await slice('release', 'legal', c, '--traffic', '5');
    const promoted = await slice('release', 'legal', c);
    expect(promoted.stdout).toBe(`legal ${c} is released: the canary is promoted.\n`);
    expect(traffic()[c]).toEqual({ traffic: 100, default: true });
    // With no canary, a rollback returns to the version released before.
    expect((await slice('rollback', 'legal')).stdout).toBe(`legal is back to ${a}.\n`);
  });

  it('refuses a share that is not 1-99 and the released version, changing nothing', async () => {
    const { slice, versions, map } = await legalEnvironment();
    const before = map();
    for (const share of ['0', '100', '12.5', 'ten']) {
      const refused = await slice('release', 'legal', versions[1], '--traffic', share);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `--traffic: "${share}" is not a whole number from 1 to 99 (a canary's share of the visitors).`,
      );
    }
    const released = await slice('release', 'legal', versions[0], '--traffic', '10');
    expect(released.stderr).toContain(`legal ${versions[0]} is the released version, so it cannot be the canary.`);
    const unguarded = await slice('release', 'legal', versions[1], '--guard');
    expect(unguarded.stderr).toContain('--guard watches a canary: give its share with --traffic <percent>.');
    expect(map()).toEqual(before);
  });
});

describe('slice status', { timeout: 60_000 }, () => {
  it('prints each version with its share and figures, summed over the servers', async () => {
    const { slice, versions, map } = await legalEnvironment();
    const [a, b] = versions;
    await slice('release', 'legal', b, '--traffic', '10');
    const one = await metricsServer([
      metricsText({
        [a]: { views: 150, clients: 40, render: 1, lcp: [50, 120, 150] },
        [b]: { views: 10, clients: 6, render: 2, lcp: [0, 5, 10] },
      }),
    ]);
    const two = await metricsServer([
      metricsText({
        [a]: { views: 50, clients: 20, lcp: [10, 30, 50] },
        [b]: { views: 10, clients: 4, lcp: [0, 10, 10] },
      }),
    ]);

    const status = await slice('status', 'legal', '--metrics', one.url, '--metrics', two.url);
    expect(status.code).toBe(0);
    const rows = status.stdout.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(rows[0]).toEqual([`legal: field signals counted by 2 servers (${one.url}, ${two.url})`]);
    expect(rows[1]).toEqual([
      'version',
      'role',
      'traffic',
      'views',
      'clients',
      'failures',
      'render err',
      'load fail',
      'hydration',
      'LCP p75',
      'INP p75',
    ]);
    // Released: 200 views, 1 failure; LCP buckets 60, 150, 200: rank 150 tops (1, 2.5].
    expect(rows[2]).toEqual([a, 'released', '90 %', '200', '60', '0.5 %', '0.5 %', '0.0 %', '0', '2.50 s', '–']);
    // Canary: 20 views, 2 failures; LCP buckets 0, 15, 20: rank 15 tops (1, 2.5].
    expect(rows[3]).toEqual([b, 'canary', '10 %', '20', '10', '10.0 %', '10.0 %', '0.0 %', '0', '2.50 s', '–']);
    expect(map().microFrontends.legal).toHaveLength(3);
    // The third version has no signals; then what the guard needs to judge a canary.
    expect(rows[4]).toEqual([
      'The guard judges a canary from 20 page views and 10 distinct clients (--min-views, --min-clients).',
    ]);
    expect(rows).toHaveLength(6);
  });

  it('says which server it could not read, with no stack trace', async () => {
    const { slice } = await legalEnvironment();
    const gone = await metricsServer(['']);
    await cleanups.pop()!();
    const failed = await slice('status', 'legal', '--metrics', gone.url);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(`slice status legal failed: Cannot read the metrics at ${gone.url}: ECONNREFUSED.\n`);
  });
});

describe('slice release --traffic --guard', { timeout: 60_000 }, () => {
  it('rolls the canary back by itself once it fails clearly more, counting only since it started', async () => {
    const { slice, versions, traffic } = await legalEnvironment();
    const [a, b] = versions;
    // Before the guard, the canary version had failed a lot (an earlier run): that does not count.
    const metrics = await metricsServer([
      metricsText({ [a]: { views: 1000 }, [b]: { views: 100, clients: 50, render: 60 } }),
      metricsText({ [a]: { views: 1100 }, [b]: { views: 110, clients: 55, render: 61 } }),
      metricsText({ [a]: { views: 1200 }, [b]: { views: 130, clients: 62, render: 68 } }),
      metricsText({ [a]: { views: 1300 }, [b]: { views: 140, clients: 65, render: 70 } }),
    ]);
    const guarded = await slice(
      'release',
      'legal',
      b,
      '--traffic',
      '10',
      '--guard',
      '--interval',
      '20ms',
      '--window',
      '1m',
      '--metrics',
      metrics.url,
    );
    expect(guarded.code).toBe(1);
    expect(guarded.stdout).toContain(`legal ${b} is the canary with 10 % of the traffic; ${a} keeps 90 %.`);
    expect(guarded.stdout).toContain(
      `legal ${b} rolled back: 8 failures in 30 page views from 12 clients (26.7 %) against 0.0 % for ${a} ` +
        '(threshold: +5 points and 2×, at least 20 views from 10 clients and 3 failures).',
    );
    expect(metrics.served()).toBe(3);
    expect(traffic()[a]).toEqual({ traffic: 100, default: true });
    expect(traffic()[b]).toEqual({ traffic: 0, default: false });
  });

  it('promotes a clean canary after the window, across a server restart', async () => {
    const { slice, versions, traffic } = await legalEnvironment();
    const [a, b] = versions;
    const metrics = await metricsServer([
      metricsText({ [a]: { views: 500, render: 5 } }),
      metricsText({ [a]: { views: 600, render: 6 }, [b]: { views: 15, clients: 8 } }),
      // Restarted: it counts from zero again.
      metricsText({ [a]: { views: 40 }, [b]: { views: 10, clients: 6, render: 1 } }),
    ]);
    const guarded = await slice(
      'release',
      'legal',
      b,
      '--traffic',
      '20',
      '--guard',
      '--interval',
      '50ms',
      '--window',
      '1s',
      '--metrics',
      metrics.url,
    );
    expect(guarded.stderr).toBe('');
    expect(guarded.code).toBe(0);
    expect(guarded.stdout).toContain(
      `legal ${b} promoted to 100 %: 1 failure in 25 page views from 14 clients (4.0 %) against 0.7 % for ${a}, ` +
        'not worse by the rule',
    );
    expect(traffic()[b]).toEqual({ traffic: 100, default: true });
    expect(traffic()[a]).toEqual({ traffic: 0, default: false });
  });

  it('changes nothing when it cannot read the metrics before it starts', async () => {
    const { slice, versions, map } = await legalEnvironment();
    const before = map();
    const gone = await metricsServer(['']);
    await cleanups.pop()!();
    const failed = await slice('release', 'legal', versions[1], '--traffic', '10', '--guard', '--metrics', gone.url);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`Cannot read the metrics at ${gone.url}: ECONNREFUSED.`);
    expect(map()).toEqual(before);
  });
});
