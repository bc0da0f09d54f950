// @vitest-environment node
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { metricNames } from '@nova/contracts/field-signals';
import { getMetricsFromStream } from 'prom2javascript';
import { askPrimary, fieldMetrics, metricsText, vitalBuckets } from './metrics.mjs';

it('sums the workers of a cluster: a worker asks the primary, which asks every worker', async () => {
  const fixture = new URL('./metrics-cluster.fixture.mjs', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, [fixture], { timeout: 15_000 });
  const parsed = await getMetricsFromStream(Readable.from([stdout]));
  expect(parsed[metricNames.pageViews]?.data).toEqual([
    { labels: { slice: 'games', version: '1.2.0-bbbb' }, value: 2 },
  ]);
});

it('answers its own registry in a process alone', async () => {
  const metrics = fieldMetrics();
  metrics.vital('games', '1.2.0-bbbb', 'CLS', 0.07);
  const text = await metricsText(metrics.registry)();
  expect(text).toContain(`${metricNames.CLS}_bucket{le="0.1",slice="games",version="1.2.0-bbbb"} 1`);
  expect(text).toContain(`${metricNames.CLS}_bucket{le="0.05",slice="games",version="1.2.0-bbbb"} 0`);
});

it('buckets each vital around its thresholds (good / poor)', () => {
  expect(vitalBuckets.LCP).toEqual(expect.arrayContaining([2.5, 4]));
  expect(vitalBuckets.INP).toEqual(expect.arrayContaining([0.2, 0.5]));
  expect(vitalBuckets.CLS).toEqual(expect.arrayContaining([0.1, 0.25]));
});

it("takes the primary's answer to its own request only", async () => {
  const worker = Object.assign(new EventEmitter(), { send: (message: unknown) => sent.push(message) });
  const sent: unknown[] = [];
  const text = askPrimary(worker as unknown as NodeJS.Process);
  const [{ id }] = sent as [{ id: number }];
  worker.emit('message', { type: 'nova:metrics-answer', id: id + 1, text: 'not mine' });
  worker.emit('message', { type: 'something else', id });
  worker.emit('message', { type: 'nova:metrics-answer', id, text: 'mine' });
  await expect(text).resolves.toBe('mine');
  expect(worker.listenerCount('message')).toBe(0);
});

it("fails when the primary could not sum the workers' metrics", async () => {
  const worker = Object.assign(new EventEmitter(), { send: (message: unknown) => sent.push(message) });
  const sent: unknown[] = [];
  const text = askPrimary(worker as unknown as NodeJS.Process);
  const [{ id }] = sent as [{ id: number }];
  worker.emit('message', { type: 'nova:metrics-answer', id, error: 'Operation timed out.' });
  await expect(text).rejects.toThrow('The primary could not sum the metrics: Operation timed out.');
});
