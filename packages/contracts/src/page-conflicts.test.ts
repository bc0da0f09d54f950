import { describe, expect, it } from 'vitest';
import { listedPages, pageConflicts, servedPages } from './page-conflicts.js';
import type { PageDeclaration } from './pages.js';

const environment = {
  slices: {
    marketing: { origins: ['http://localhost:4174'], paths: ['/'] },
    games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
    legal: { origins: ['http://localhost:4176'], paths: ['/terms-and-conditions', '/privacy-policy'] },
    contact: { origins: ['http://localhost:4177'], paths: ['/contact'] },
  },
};
const page = (path: string, module = 'SomePage'): PageDeclaration => ({ path, module, title: 'Some' });
/** A listed version: released, the canary (`traffic`), or listed only; pages declared or (none) legacy. */
const version = (
  name: string,
  { pages, traffic = 0, released = false } = {} as {
    pages?: PageDeclaration[];
    traffic?: number;
    released?: boolean;
  },
) => ({
  metadata: { version: name, ...(pages ? { pages } : {}) },
  deployment: { traffic: released ? 100 - traffic : traffic, default: released },
});
const gamesPages = [page('/games', 'GamesPage'), page('/games/:gameId', 'GamePage')];

describe('the pages a version serves', () => {
  it('are the ones it declares, or for a version published before pages were declared, the legacy ones', () => {
    expect(servedPages('games', version('1.0.0', { pages: [page('/games/new')] }))).toEqual([page('/games/new')]);
    expect(servedPages('games', version('0.9.0')).map(({ path }) => path)).toEqual(['/games', '/games/:gameId']);
    expect(servedPages('news', version('1.0.0'))).toEqual([]);
  });

  it('are read alike from unchecked JSON, or refused with the reason', () => {
    expect(listedPages('games', version('1.0.0', { pages: [page('/games/new')] }))).toEqual({
      pages: [page('/games/new')],
    });
    expect(listedPages('games', { metadata: null })).toEqual({ pages: servedPages('games', version('0.9.0')) });
    expect(listedPages('games', null)).toEqual({ pages: servedPages('games', version('0.9.0')) });
    expect(listedPages('games', { metadata: { pages: 'all' } })).toEqual({
      refused: 'its pages must be a list of pages',
    });
    expect(listedPages('games', { metadata: { pages: [{ path: 'games' }] } })).toMatchObject({
      refused: expect.stringMatching(/^its pages\[0\]/),
    });
  });
});

describe('pageConflicts', () => {
  const live = {
    environment,
    microFrontends: {
      games: [version('1.0.0', { released: true, pages: gamesPages })],
      contact: [version('1.0.0-c', { released: true })],
      legal: [version('1.0.0-l', { released: true })],
    },
  };

  it('finds none in a map whose live pages are each inside their slice and apart', () => {
    expect(pageConflicts(live)).toEqual([]);
  });

  it("names a page outside its slice's paths, and one that another slice's live version serves", () => {
    const games = [
      version('1.0.0', { pages: gamesPages }),
      version('1.2.0-ab12cd34', { released: true, pages: [...gamesPages, page('/shop'), page('/contact')] }),
    ];
    expect(pageConflicts({ ...live, microFrontends: { ...live.microFrontends, games } })).toEqual([
      "games 1.2.0-ab12cd34 declares /shop, outside games's paths (/games/*).",
      "games 1.2.0-ab12cd34 declares /contact, outside games's paths (/games/*).",
      'games 1.2.0-ab12cd34 declares /contact, which contact 1.0.0-c serves.',
    ]);
  });

  it("counts a canary's pages as live, and versions only listed as not", () => {
    const games = [
      version('1.0.0', { released: true, traffic: 10, pages: gamesPages }),
      version('1.3.0', { traffic: 10, pages: [page('/privacy-policy')] }),
      version('1.4.0', { pages: [page('/terms-and-conditions')] }),
    ];
    expect(pageConflicts({ ...live, microFrontends: { ...live.microFrontends, games } })).toEqual([
      "games 1.3.0 declares /privacy-policy, outside games's paths (/games/*).",
      'games 1.3.0 declares /privacy-policy, which legal 1.0.0-l serves.',
    ]);
  });

  it('compares patterns, not only equal paths, and without an environment only the overlaps', () => {
    const microFrontends = {
      games: [version('2.0.0', { released: true, pages: [page('/:anything')] })],
      contact: [version('1.0.0-c', { released: true })],
    };
    expect(pageConflicts({ microFrontends })).toEqual([
      'games 2.0.0 declares /:anything, which contact 1.0.0-c serves.',
    ]);
  });

  it('says so of a live version of a slice the environment lacks: it serves nothing, so it overlaps nothing', () => {
    const news = { news: [version('1.0.0', { released: true, pages: [page('/contact')] })] };
    expect(pageConflicts({ ...live, microFrontends: { ...live.microFrontends, ...news } })).toEqual([
      "news 1.0.0 declares /contact, outside news's paths (none: the environment has no slice news).",
    ]);
  });

  it('with the map before a change, names only what the change brings, the new version first', () => {
    const before = {
      ...live,
      environment: {
        slices: { ...environment.slices, games: { origins: ['http://localhost:4175'], paths: ['/games'] } },
      },
    };
    const narrowed = before.environment;
    // Already there before (games' /games/:gameId now lies outside its paths): not the change's.
    expect(pageConflicts({ ...live, environment: narrowed }, live)).toEqual([]);
    const contact = [
      version('1.0.0-c', {}),
      version('1.1.0-c', { released: true, pages: [page('/contact'), page('/games/:gameId')] }),
    ];
    expect(
      pageConflicts({ ...live, environment: narrowed, microFrontends: { ...live.microFrontends, contact } }, live),
    ).toEqual([
      "contact 1.1.0-c declares /games/:gameId, outside contact's paths (/contact).",
      'contact 1.1.0-c declares /games/:gameId, which games 1.0.0 serves.',
    ]);
  });
});
