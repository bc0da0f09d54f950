// @vitest-environment node
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricNames, metricsPath } from '@nova/contracts/field-signals';
import { getMetricsFromStream } from 'prom2javascript';

// The composer's processes as main.mjs runs them: what they must agree on lives in the primary.

describe('a primary and two workers (cluster.fixture.mjs)', () => {
  let stopped: Promise<unknown>;
  let stop: () => void;
  let errors = '';
  let started: { port: number; redeemed: unknown[] };
  beforeAll(async () => {
    const fixture = new URL('./cluster.fixture.mjs', import.meta.url).pathname;
    const child = spawn(process.execPath, [fixture], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.on('data', (chunk) => (errors += chunk));
    stopped = new Promise((resolve) => child.once('exit', resolve));
    stop = () => child.kill('SIGTERM');
    // Its first line: the metrics port and what each worker was told.
    const [line] = await once(createInterface({ input: child.stdout }), 'line');
    started = JSON.parse(String(line));
  }, 15_000);
  afterAll(async () => {
    stop();
    await stopped;
  });

  it('serves the sum of the workers at /metrics, on its own port, to 200 scrapes at once, without a warning', async () => {
    const url = `http://127.0.0.1:${started.port}${metricsPath}`;
    const texts = await Promise.all(Array.from({ length: 200 }, () => fetch(url).then((response) => response.text())));
    for (const text of new Set(texts)) {
      const parsed = await getMetricsFromStream(Readable.from([text]));
      expect(parsed[metricNames.pageViews]?.data).toEqual([
        { labels: { slice: 'games', version: '1.2.0-bbbb' }, value: 2 },
      ]);
    }
    expect(errors).not.toMatch(/Warning/);
  });

  it('spends a token once for the whole cluster: the second worker is told it was used', () => {
    expect(started.redeemed).toEqual([
      { spent: true, newFor: ['games@1.2.0-bbbb'] },
      { spent: false, why: 'used' },
    ]);
  });
});
