// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { histogramQuantile, percent, seconds } from './signal-figures.js';

const histogram = (buckets: [number, number][]) => ({ buckets: new Map(buckets), count: 0, sum: 0 });

describe('a quantile from histogram buckets, as Prometheus estimates it', () => {
  // Prometheus' own example buckets (promql/testdata/histograms.test: testhistogram, positive).
  const example = histogram([
    [0.1, 50],
    [0.2, 70],
    [Infinity, 110],
  ]);

  it('interpolates linearly inside the bucket that holds the rank', () => {
    expect(histogramQuantile(0.5, example)).toBeCloseTo(0.1 + 0.1 * (5 / 20));
    expect(histogramQuantile(0.2, example)).toBeCloseTo(0.1 * (22 / 50));
    expect(histogramQuantile(0, example)).toBe(0);
  });

  it('answers the highest finite bound for a rank in the +Inf bucket', () => {
    expect(histogramQuantile(0.75, example)).toBe(0.2);
    expect(histogramQuantile(1, example)).toBe(0.2);
  });

  it('reads buckets in any order, and evens out counts that fall', () => {
    const shuffled = histogram([
      [Infinity, 110],
      [0.1, 50],
      [0.2, 45],
    ]);
    expect(histogramQuantile(0.2, shuffled)).toBeCloseTo(0.1 * (22 / 50));
  });

  it('has no answer without observations or without a +Inf bucket', () => {
    expect(histogramQuantile(0.75, histogram([]))).toBeUndefined();
    expect(histogramQuantile(0.75, histogram([[Infinity, 0]]))).toBeUndefined();
    expect(histogramQuantile(0.75, histogram([[1, 4]]))).toBeUndefined();
  });
});

describe('figures as people read them', () => {
  it('writes rates as percentages and durations in ms or s', () => {
    expect(percent(0.35)).toBe('35.0 %');
    expect(percent(undefined)).toBe('–');
    expect(seconds(0.18)).toBe('180 ms');
    expect(seconds(2.4142)).toBe('2.41 s');
    expect(seconds(undefined)).toBe('–');
  });
});
