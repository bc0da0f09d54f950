import { describe, expect, it } from 'vitest';
import { lineWins } from './paylines.ts';
import {
  openingStops,
  randomStops,
  reelCount,
  reelStrips,
  rowCount,
  stopsPerRank,
  windowAt,
  type SymbolRank,
} from './reels.ts';
import { mulberry32 } from './rng.ts';

describe('reel strips', () => {
  it('are five strips, each holding every rank as often as stopsPerRank says', () => {
    expect(reelStrips).toHaveLength(reelCount);
    for (const strip of reelStrips) {
      for (const [rank, stops] of Object.entries(stopsPerRank)) {
        expect(strip.filter((symbol) => symbol === (Number(rank) as SymbolRank))).toHaveLength(stops);
      }
    }
  });

  it('never put a symbol next to itself, not even across the wrap', () => {
    for (const strip of reelStrips) {
      strip.forEach((symbol, index) => expect(strip[(index + 1) % strip.length]).not.toBe(symbol));
    }
  });
});

describe('windowAt', () => {
  it('shows three consecutive stops of each reel, top to bottom', () => {
    const grid = windowAt([0, 5, 10, 15, 20]);
    expect(grid).toHaveLength(rowCount);
    for (let reel = 0; reel < reelCount; reel++) {
      const stop = [0, 5, 10, 15, 20][reel]!;
      expect(grid.map((row) => row[reel])).toEqual(reelStrips[reel]!.slice(stop, stop + 3));
    }
  });

  it('wraps around the end of a strip', () => {
    const last = reelStrips[0]!.length - 1;
    const grid = windowAt([last, 0, 0, 0, 0]);
    expect(grid.map((row) => row[0])).toEqual([reelStrips[0]![last], reelStrips[0]![0], reelStrips[0]![1]]);
  });
});

describe('openingStops', () => {
  it('show every symbol before the first spin and no line that looks like a win', () => {
    const grid = windowAt(openingStops);
    expect(new Set(grid.flat()).size).toBe(Object.keys(stopsPerRank).length);
    expect(lineWins(grid, 1)).toEqual([]);
  });
});

describe('randomStops', () => {
  it('lands every reel on a stop of its strip, and every stop can come up', () => {
    const random = mulberry32(1);
    const seen = reelStrips.map(() => new Set<number>());
    for (let spin = 0; spin < 2_000; spin++) randomStops(random).forEach((stop, reel) => seen[reel]!.add(stop));
    // Every index from 0 to the strip's last, and nothing else.
    seen.forEach((stops, reel) => expect([...stops].sort((a, b) => a - b)).toEqual([...reelStrips[reel]!.keys()]));
  });

  it('repeats itself for the same seed', () => {
    const spins = (seed: number) => {
      const random = mulberry32(seed);
      return Array.from({ length: 10 }, () => randomStops(random));
    };
    expect(spins(99)).toEqual(spins(99));
    expect(spins(99)).not.toEqual(spins(100));
  });
});
