import { describe, expect, it } from 'vitest';
import { pagesProblems } from './pages.js';
import { legacyPages, routes, splitPage } from './routes.js';
import { sliceNames } from './slices.js';

describe('splitPage', () => {
  it('names the slice of every routed page, one of the slice list, and the name it exposes it under', () => {
    for (const { page } of Object.values(routes)) {
      const { remote, exposed } = splitPage(page);
      expect(`${remote}/${exposed}`).toBe(page);
      expect(sliceNames).toContain(remote);
    }
    expect(splitPage('games/GamePage')).toEqual({ remote: 'games', exposed: 'GamePage' });
  });
});

describe('legacyPages', () => {
  it("gives each slice the pages the portal had, as declarations a version's pages check accepts", () => {
    expect(legacyPages('games')).toEqual([
      { path: '/games', module: 'GamesPage', title: 'Games' },
      { path: '/games/:gameId', module: 'GamePage', title: 'Game' },
    ]);
    for (const slice of sliceNames) expect(pagesProblems(slice, legacyPages(slice))).toEqual([]);
    expect(legacyPages('reviews')).toEqual([]);
  });
});
