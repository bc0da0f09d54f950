import { describe, expect, it } from 'vitest';
import { lineWins, payFor, paylines, payouts } from './paylines.ts';
import { reelCount, reelStrips, rowCount, stopsPerRank, type Grid, type SymbolRank } from './reels.ts';

const ranks = [0, 1, 2, 3, 4, 5] as const satisfies SymbolRank[];

/** A grid where no line can win: columns alternate so no symbol repeats along any line. */
const losingGrid: Grid = [
  [0, 1, 0, 1, 0],
  [2, 3, 2, 3, 2],
  [4, 5, 4, 5, 4],
];

/** A copy of `base` with the given cells changed. */
function withCells(base: Grid, cells: [row: number, reel: number, symbol: SymbolRank][]): Grid {
  const grid = base.map((row) => [...row]);
  for (const [row, reel, symbol] of cells) grid[row]![reel] = symbol;
  return grid;
}

describe('paylines', () => {
  it('are five lines, each crossing every reel on a visible row', () => {
    expect(paylines).toHaveLength(5);
    for (const { rows } of paylines) {
      expect(rows).toHaveLength(reelCount);
      for (const row of rows) expect(row >= 0 && row < rowCount).toBe(true);
    }
    expect(new Set(paylines.map(({ rows }) => rows.join())).size).toBe(5);
  });
});

describe('lineWins', () => {
  it('pays nothing when no line has three of a kind from the left', () => {
    expect(lineWins(losingGrid, 10)).toEqual([]);
  });

  it('pays three, four and five of a kind on the middle row at the bet times the paytable', () => {
    for (const count of [3, 4, 5]) {
      const cells = Array.from({ length: count }, (_, reel) => [1, reel] as const);
      const grid = withCells(
        losingGrid,
        cells.map(([row, reel]) => [row, reel, 0]),
      );
      expect(lineWins(grid, 5)).toEqual([{ line: 0, symbol: 0, count, amount: payouts[0][count - 3]! * 5, cells }]);
    }
  });

  it('counts only from the leftmost reel: a match that starts on the second reel pays nothing', () => {
    const grid = withCells(losingGrid, [
      [1, 1, 0],
      [1, 2, 0],
      [1, 3, 0],
      [1, 4, 0],
    ]);
    expect(lineWins(grid, 1)).toEqual([]);
  });

  it('follows the V and the upside-down V through the rows', () => {
    const v = withCells(losingGrid, [
      [0, 0, 1],
      [1, 1, 1],
      [2, 2, 1],
      [1, 3, 1],
      [0, 4, 1],
    ]);
    expect(lineWins(v, 2)).toEqual([
      {
        line: 3,
        symbol: 1,
        count: 5,
        amount: payouts[1][2] * 2,
        cells: [
          [0, 0],
          [1, 1],
          [2, 2],
          [1, 3],
          [0, 4],
        ],
      },
    ]);

    const upsideDown = withCells(losingGrid, [
      [2, 0, 1],
      [1, 1, 1],
      [0, 2, 1],
    ]);
    expect(lineWins(upsideDown, 1)).toEqual([
      {
        line: 4,
        symbol: 1,
        count: 3,
        amount: payouts[1][0],
        cells: [
          [2, 0],
          [1, 1],
          [0, 2],
        ],
      },
    ]);
  });

  it('adds up wins on several lines at once', () => {
    const allTheSame = losingGrid.map((row) => row.map((): SymbolRank => 4));
    const wins = lineWins(allTheSame, 10);
    expect(wins.map((win) => win.line)).toEqual([0, 1, 2, 3, 4]);
    expect(wins.every((win) => win.count === 5 && win.amount === payouts[4][2] * 10)).toBe(true);
  });
});

describe('payouts', () => {
  it('pay more for rarer symbols and for longer lines, and never less than twice the bet', () => {
    for (const rank of ranks) {
      const [three, four, five] = payouts[rank];
      expect(three).toBeGreaterThanOrEqual(2);
      expect(four).toBeGreaterThan(three);
      expect(five).toBeGreaterThan(four);
      if (rank > 0) expect(payouts[(rank - 1) as SymbolRank][0]).toBeGreaterThan(three);
    }
    expect(payFor(0, 2, 100)).toBe(0);
  });

  it('pay back between 90% and 97% of the bet over the long run', () => {
    // Reels are independent and a line takes one row of each, so a line shows symbol s on a
    // reel with probability stopsPerRank[s] / strip length. Sum over every sequence of symbols.
    const stripLength = reelStrips[0]!.length;
    const probability = (rank: SymbolRank) => stopsPerRank[rank] / stripLength;
    let expectedPerLine = 0;
    const walk = (symbols: SymbolRank[], chance: number) => {
      if (symbols.length === reelCount) {
        const grid = [symbols, symbols, symbols];
        expectedPerLine +=
          chance *
          lineWins(grid, 1)
            .filter((win) => win.line === 0)
            .reduce((sum, win) => sum + win.amount, 0);
        return;
      }
      for (const rank of ranks) walk([...symbols, rank], chance * probability(rank));
    };
    walk([], 1);
    const returnToPlayer = expectedPerLine * paylines.length;
    expect(returnToPlayer).toBeGreaterThan(0.9);
    expect(returnToPlayer).toBeLessThan(0.97);
  });
});
