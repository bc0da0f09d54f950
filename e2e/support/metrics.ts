import { Readable } from 'node:stream';
import type { APIRequestContext } from '@playwright/test';
import { getMetricsFromStream, type PromMetrics } from 'prom2javascript';

export type { PromMetrics };
type Point = { labels: Record<string, string>; value: number };

/** A server's /metrics (its URL, on the server's metrics port), parsed as Prometheus reads the text format, and the text. */
export async function scrape(request: APIRequestContext, metrics: string) {
  const response = await request.get(metrics);
  if (!response.ok()) throw new Error(`${metrics} answered ${response.status()}`);
  const text = await response.text();
  return { text, parsed: await getMetricsFromStream(Readable.from([text])) };
}

/** The value of a counter's series with these labels (0 if it has none yet). */
export const counted = (metrics: PromMetrics, name: string, labels: Record<string, string>) =>
  ((metrics[name]?.data ?? []) as Point[]).find((point) =>
    Object.entries(labels).every(([key, value]) => point.labels[key] === value),
  )?.value ?? 0;

/** Every label value of every series, of every metric. */
export const labelValues = (metrics: PromMetrics) =>
  Object.values(metrics).flatMap((metric) =>
    ((metric?.data ?? []) as { labels?: Record<string, string>; buckets?: unknown }[]).flatMap((point) =>
      Object.values(point.labels ?? {}),
    ),
  );
