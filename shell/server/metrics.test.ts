// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { metricNames, metricsPath } from '@nova/contracts/field-signals';
import { fieldMetrics, metricsServer, vitalBuckets } from './metrics.mjs';

describe('the metrics listener', () => {
  const serve = async (read: () => Promise<string>) => {
    const server = metricsServer({ read, log: () => undefined });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  };

  it('answers GET and HEAD /metrics in the text format, never kept; nothing else', async () => {
    const metrics = fieldMetrics();
    metrics.vital('games', '1.2.0-bbbb', 'CLS', 0.07);
    const { origin, close } = await serve(() => metrics.registry.metrics());
    try {
      const answer = await fetch(`${origin}${metricsPath}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Content-Type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      const text = await answer.text();
      expect(text).toContain(`${metricNames.CLS}_bucket{le="0.1",slice="games",version="1.2.0-bbbb"} 1`);
      expect(text).toContain(`${metricNames.CLS}_bucket{le="0.05",slice="games",version="1.2.0-bbbb"} 0`);
      expect((await fetch(`${origin}${metricsPath}`, { method: 'HEAD' })).status).toBe(200);
      expect((await fetch(`${origin}/`)).status).toBe(404);
      expect((await fetch(`${origin}${metricsPath}`, { method: 'POST' })).status).toBe(405);
    } finally {
      await close();
    }
  });

  it('answers 503 when the sum of the workers cannot be had', async () => {
    const { origin, close } = await serve(() => Promise.reject(new Error('a worker did not answer')));
    try {
      expect((await fetch(`${origin}${metricsPath}`)).status).toBe(503);
    } finally {
      await close();
    }
  });
});

it('buckets each vital around its thresholds (good / poor)', () => {
  expect(vitalBuckets.LCP).toEqual(expect.arrayContaining([2.5, 4]));
  expect(vitalBuckets.INP).toEqual(expect.arrayContaining([0.2, 0.5]));
  expect(vitalBuckets.CLS).toEqual(expect.arrayContaining([0.1, 0.25]));
});
