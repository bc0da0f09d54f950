import { describe, expect, it } from 'vitest';
import { mulberry32, randomSeed, seedFromText } from './rng.ts';

const take = (random: () => number, count: number) => Array.from({ length: count }, random);

describe('mulberry32', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    expect(take(mulberry32(42), 20)).toEqual(take(mulberry32(42), 20));
    expect(take(mulberry32(42), 20)).not.toEqual(take(mulberry32(43), 20));
  });

  it('stays in [0, 1) and spreads evenly over ten buckets', () => {
    const values = take(mulberry32(7), 100_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const buckets = Array<number>(10).fill(0);
    for (const value of values) buckets[Math.floor(value * 10)]!++;
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe('seedFromText', () => {
  it('turns any text into a stable 32-bit seed', () => {
    expect(seedFromText('e2e')).toBe(seedFromText('e2e'));
    expect(seedFromText('e2e')).not.toBe(seedFromText('e2f'));
    for (const text of ['', '42', 'a long seed with spaces and ünïcode 🎰']) {
      const seed = seedFromText(text);
      expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
    }
  });
});

describe('randomSeed', () => {
  it('differs between sessions', () => {
    expect(new Set(Array.from({ length: 5 }, randomSeed)).size).toBeGreaterThan(1);
  });
});
