import type { Grid, SymbolRank } from './reels.ts';

export interface Payline {
  /** How the paytable describes it. */
  name: string;
  /** For each reel, left to right, the row the line passes through (0 is the top row). */
  rows: readonly number[];
}

/** The five paylines, numbered 1 to 5 on screen. */
export const paylines: readonly Payline[] = [
  { name: 'Middle row', rows: [1, 1, 1, 1, 1] },
  { name: 'Top row', rows: [0, 0, 0, 0, 0] },
  { name: 'Bottom row', rows: [2, 2, 2, 2, 2] },
  { name: 'V', rows: [0, 1, 2, 1, 0] },
  { name: 'Upside-down V', rows: [2, 1, 0, 1, 2] },
];

/** The fewest matching symbols that win. */
export const minimumMatch = 3;

/**
 * What 3, 4 and 5 of a symbol on a line pay, as multiples of the bet. Every win pays at least
 * twice the bet, so a spin always changes the balance. Over the long run the game pays back
 * about 94% of what is bet (paylines.test.ts works it out).
 */
export const payouts: Readonly<Record<SymbolRank, readonly [three: number, four: number, five: number]>> = {
  0: [20, 80, 400],
  1: [10, 30, 120],
  2: [5, 15, 60],
  3: [4, 10, 30],
  4: [3, 6, 20],
  5: [2, 4, 10],
};

/** What `count` of `symbol` on one line pays at this bet; nothing below three. */
export function payFor(symbol: SymbolRank, count: number, bet: number): number {
  if (count < minimumMatch) return 0;
  return payouts[symbol][Math.min(count, 5) - minimumMatch]! * bet;
}

export interface LineWin {
  /** Index into `paylines`. */
  line: number;
  symbol: SymbolRank;
  /** How many reels, from the left, show the symbol on this line. */
  count: number;
  amount: number;
  /** The winning cells as [row, reel]. */
  cells: readonly (readonly [row: number, reel: number])[];
}

/** Every line that wins: three or more of a symbol in a row from the leftmost reel. */
export function lineWins(grid: Grid, bet: number): LineWin[] {
  const wins: LineWin[] = [];
  paylines.forEach(({ rows }, line) => {
    const symbols = rows.map((row, reel) => grid[row]![reel]!);
    const symbol = symbols[0]!;
    let count = 1;
    while (count < symbols.length && symbols[count] === symbol) count++;
    const amount = payFor(symbol, count, bet);
    if (amount > 0)
      wins.push({ line, symbol, count, amount, cells: rows.slice(0, count).map((row, reel) => [row, reel] as const) });
  });
  return wins;
}
