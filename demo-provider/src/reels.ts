import type { Random } from './rng.ts';

/** A symbol by how much it pays: 0 pays most, 5 least. Each game draws its own art for each rank. */
export type SymbolRank = 0 | 1 | 2 | 3 | 4 | 5;

export const reelCount = 5;
export const rowCount = 3;

/** How many stops of each rank a strip has: the rarer, the richer. */
export const stopsPerRank: Readonly<Record<SymbolRank, number>> = { 0: 2, 1: 3, 2: 4, 3: 5, 4: 6, 5: 7 };

/** Each reel's strip, one rank per stop (read top to bottom, wrapping); no symbol sits next to itself. */
export const reelStrips: readonly (readonly SymbolRank[])[] = [
  '241543143150452545253243503',
  '253534235251505414543210434',
  '252142454354254315043135350',
  '542532435425315401305354142',
  '523420141515353245254345403',
].map((strip) => [...strip].map((digit) => Number(digit) as SymbolRank));

/** Where the reels rest before the first spin: every symbol in view, no line winning. */
export const openingStops: readonly number[] = [4, 11, 18, 25, 7];

/** What the window shows: grid[row][reel], row 0 at the top. */
export type Grid = readonly (readonly SymbolRank[])[];

/** Where each reel stops: the index of the strip stop shown in the top row. */
export function randomStops(random: Random): number[] {
  return reelStrips.map((strip) => Math.floor(random() * strip.length));
}

/** The three symbols a reel shows when it stops at `stop`, top to bottom. */
export function reelWindow(reel: number, stop: number): SymbolRank[] {
  const strip = reelStrips[reel]!;
  return Array.from({ length: rowCount }, (_, row) => strip[(stop + row) % strip.length]!);
}

/** The symbols the window shows when the reels stop at `stops`. */
export function windowAt(stops: readonly number[]): Grid {
  const columns = stops.map((stop, reel) => reelWindow(reel, stop));
  return Array.from({ length: rowCount }, (_, row) => columns.map((column) => column[row]!));
}
