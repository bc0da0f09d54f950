import type { Locator } from '@playwright/test';

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
