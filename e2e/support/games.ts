import { expect, type Locator } from '@playwright/test';

/** The catalogue as a visitor sees it, in order. */
export const catalogue = [
  { id: 'pug-life', title: 'Pug Life' },
  { id: 'undead-fortune', title: 'Undead Fortune' },
  { id: 'break-bones', title: 'Break Bones' },
  { id: 'alpha-eagle', title: 'Alpha Eagle' },
  { id: 'forest-fortune', title: 'Forest Fortune' },
  { id: 'time-spinners', title: 'Time Spinners' },
] as const;

/** The game cards listed inside `scope` (the collection's main, or the Similar Games section). */
export const gameCards = (scope: Locator) => scope.getByRole('listitem');

/** The grid widths of the site's game grids (GameGrid): one column on phones, two, then three. */
export const gridColumnsByWidth = [
  { width: 375, columns: 1 },
  { width: 800, columns: 2 },
  { width: 1280, columns: 3 },
] as const;

/** Checks that `cards` stand in `columns` columns, filled row by row. */
export async function expectColumns(cards: Locator, columns: number) {
  const boxes = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
  expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(columns);
  const tops = boxes.map((box) => Math.round(box.top));
  // The first `columns` cards share one row; the next one starts another.
  expect(tops.slice(0, columns).every((top) => top === tops[0])).toBe(true);
  expect(tops[columns] ?? Infinity).toBeGreaterThan(tops[0]!);
}
