import type { FragmentList } from '@nova/contracts/remote-modules';
import { describe, expect, it } from 'vitest';
import { fragmentAddresses } from './fragment-list.ts';

/** A list as plain JavaScript could hand it over: TypeScript already refuses a page the remote does not expose. */
const unchecked = (entry: { page: string; paths: readonly string[]; notFound?: string }) =>
  [entry] as FragmentList<'games'>;

describe('fragmentAddresses', () => {
  it('gives each path of each page its route and file: <Page>.json, or <Page>/<parameters>.json', () => {
    expect(
      fragmentAddresses('games', [
        { page: 'GamesPage', paths: ['/games'] },
        { page: 'GamePage', paths: ['/games/pug-life', '/games/time_spinners-2'] },
      ]),
    ).toEqual([
      { page: 'GamesPage', route: '/games', path: '/games', file: 'GamesPage.json' },
      { page: 'GamePage', route: '/games/:gameId', path: '/games/pug-life', file: 'GamePage/pug-life.json' },
      {
        page: 'GamePage',
        route: '/games/:gameId',
        path: '/games/time_spinners-2',
        file: 'GamePage/time_spinners-2.json',
      },
    ]);
  });

  it('gives what a page shows at an address that names nothing a file of its own, marked not found', () => {
    expect(
      fragmentAddresses('games', [{ page: 'GamePage', paths: ['/games/pug-life'], notFound: '/games/no-such-game' }]),
    ).toEqual([
      { page: 'GamePage', route: '/games/:gameId', path: '/games/pug-life', file: 'GamePage/pug-life.json' },
      {
        page: 'GamePage',
        route: '/games/:gameId',
        path: '/games/no-such-game',
        file: 'GamePage.not-found.json',
        notFound: true,
      },
    ]);
  });

  it.each([
    [
      'a not-found address that a path lists',
      { page: 'GamePage', paths: ['/games/pug-life'], notFound: '/games/pug-life' },
      'games: /games/pug-life is listed twice.',
    ],
    [
      'a not-found address on a route without parameters',
      { page: 'GamesPage', paths: [], notFound: '/games' },
      'games/GamesPage: its route /games has no parameters, so every address of it names the page.',
    ],
    [
      'a page the remote does not expose',
      { page: 'HomePage', paths: ['/'] },
      'The fragment list of games names HomePage, which games does not expose on a route.',
    ],
    [
      "a path of another page's route",
      { page: 'GamePage', paths: ['/contact'] },
      'games/GamePage: /contact is not an address of its route /games/:gameId.',
    ],
    [
      'a path in another case',
      { page: 'GamesPage', paths: ['/Games'] },
      'games/GamesPage: /Games is not an address of its route /games.',
    ],
    [
      'a path listed twice',
      { page: 'GamePage', paths: ['/games/pug-life', '/games/pug-life'] },
      'games: /games/pug-life is listed twice.',
    ],
    [
      'a parameter that cannot name a file',
      { page: 'GamePage', paths: ['/games/..%2Fsecret'] },
      'games/GamePage: /games/..%2Fsecret has a parameter that is not a slug',
    ],
  ] as const)('refuses %s', (_, entry, message) => {
    expect(() => fragmentAddresses('games', unchecked(entry))).toThrow(message);
  });
});
