import { describe, expect, it } from 'vitest';
import { legacyPages } from './routes.js';
import { matchPattern, pageAt, pagesProblems, patternProblem, patternsOverlap } from './pages.js';

describe('a page declaration', () => {
  it('takes address patterns of fixed segments and parameters, a final * at most', () => {
    for (const path of ['/', '/games', '/games/:gameId', '/games/new', '/games/*', '/a.b_c~d/x-y'])
      expect(patternProblem(path), path).toBeUndefined();
    for (const path of [
      'games',
      '/Games',
      '/games/',
      '/games/*/x',
      '/games/:1',
      '/ga mes',
      '/games?x',
      `/${'a'.repeat(200)}`,
    ])
      expect(patternProblem(path), path).toBeDefined();
  });

  it('is { path, module, title }, each path once, 32 at most', () => {
    const page = { path: '/games/new', module: 'NewGamesPage', title: 'New games' };
    expect(pagesProblems('games', [page])).toEqual([]);
    expect(pagesProblems('games', [page, page])).toEqual(['games[1]: /games/new is declared twice.']);
    expect(pagesProblems('games', [{ ...page, module: 'newGames' }])[0]).toMatch(/module must name an exposed module/);
    expect(pagesProblems('games', [{ ...page, title: 'a\u202Eb' }])[0]).toMatch(/title must be/);
    expect(pagesProblems('games', [{ ...page, extra: 1 }])[0]).toMatch(/holds "extra"/);
    expect(
      pagesProblems(
        'games',
        Array.from({ length: 33 }, (_, n) => ({ ...page, path: `/games/p${n}` })),
      ),
    ).toEqual(['games may list at most 32 pages.']);
    expect(pagesProblems('games', 'all')).toEqual(['games must be a list of pages.']);
  });
});

describe('matching an address', () => {
  it('gives the parameters of the pattern it matches, a final * the rest', () => {
    expect(matchPattern('/games/:gameId', '/games/pug-life')).toEqual({ gameId: 'pug-life' });
    expect(matchPattern('/games/:gameId', '/games')).toBeUndefined();
    expect(matchPattern('/games/:gameId', '/games/a/b')).toBeUndefined();
    expect(matchPattern('/games/*', '/games')).toEqual({ '*': '' });
    expect(matchPattern('/games/*', '/games/a/b')).toEqual({ '*': 'a/b' });
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/', '/games')).toBeUndefined();
  });

  it('picks the most specific page where several match, as React Router ranks them', () => {
    const pages = [
      { path: '/games/:gameId', module: 'GamePage' },
      { path: '/games/new', module: 'NewGamesPage' },
      { path: '/games/*', module: 'Everything' },
    ];
    expect(pageAt(pages, '/games/new')?.page.module).toBe('NewGamesPage');
    expect(pageAt(pages, '/games/pug-life')?.page.module).toBe('GamePage');
    expect(pageAt(pages, '/games/a/b')?.page.module).toBe('Everything');
    expect(pageAt(pages, '/contact')).toBeUndefined();
  });
});

describe('overlapping patterns', () => {
  it.each([
    ['/games', '/games', true],
    ['/games/:gameId', '/games/new', true],
    ['/games/*', '/games', true],
    ['/games/*', '/games/x/y', true],
    ['/*', '/contact', true],
    ['/:any', '/contact', true],
    ['/', '/games', false],
    ['/games', '/games/new', false],
    ['/games/new', '/games/old', false],
    ['/terms-and-conditions', '/privacy-policy', false],
    ['/games/:id/reviews', '/games/new', false],
  ])('%s and %s: %s', (a, b, overlap) => {
    expect(patternsOverlap(a, b)).toBe(overlap);
    expect(patternsOverlap(b, a)).toBe(overlap);
  });
});

describe('pages of versions published before slices declared them', () => {
  it("are the portal's pages of that slice then", () => {
    expect(legacyPages('games')).toEqual([
      { path: '/games', module: 'GamesPage', title: 'Games' },
      { path: '/games/:gameId', module: 'GamePage', title: 'Game' },
    ]);
    expect(legacyPages('shop')).toEqual([]);
    expect(legacyPages('games').flatMap((page) => pagesProblems('games', [page]))).toEqual([]);
  });
});
