import type { FragmentList } from '@nova/contracts/remote-modules';
import { describe, expect, it } from 'vitest';
import { fixedPathPages, fragmentAddresses } from './fragment-list.ts';

/** The games slice's pages, as its src/exposes/pages.json declares them. */
const pages = [
  { path: '/games', module: 'GamesPage', title: 'Games' },
  { path: '/games/:gameId', module: 'GamePage', title: 'Game' },
];
const addressesOf = (list: FragmentList) => fragmentAddresses('games', list, pages);

describe('fragmentAddresses', () => {
  it('gives each path of each page its route and file: <Page>.json, or <Page>/<parameters>.json', () => {
    expect(
      addressesOf([
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
    expect(addressesOf([{ page: 'GamePage', paths: ['/games/pug-life'], notFound: '/games/no-such-game' }])).toEqual([
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

  it('renders a page that two paths declare at the addresses of either, each to a file of its own', () => {
    const twice = [...pages, { path: '/play/:gameId', module: 'GamePage', title: 'Game' }];
    const list = (...paths: string[]) => [{ page: 'GamePage', paths }];
    expect(
      fragmentAddresses('games', list('/games/pug-life', '/play/alpha-eagle'), twice).map(({ route, file }) => [
        route,
        file,
      ]),
    ).toEqual([
      ['/games/:gameId', 'GamePage/pug-life.json'],
      ['/play/:gameId', 'GamePage/alpha-eagle.json'],
    ]);
    expect(() => fragmentAddresses('games', list('/games/pug-life', '/play/pug-life'), twice)).toThrow(
      'games: /games/pug-life and /play/pug-life would both be GamePage/pug-life.json.',
    );
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
      'a page the remote does not declare',
      { page: 'HomePage', paths: ['/'] },
      'The fragment list of games names HomePage, which no page of games shows (src/exposes/pages.json).',
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
    expect(() => addressesOf([entry])).toThrow(message);
  });
});

describe('fixedPathPages', () => {
  it('lists every declared page of one address at it, and no page whose path has parameters', () => {
    const declared = [
      ...pages,
      { path: '/games/new', module: 'NewGamesPage', title: 'New' },
      { path: '/games/all/*', module: 'AllGamesPage', title: 'All' },
    ];
    expect(fixedPathPages(declared)).toEqual([
      { page: 'GamesPage', paths: ['/games'] },
      { page: 'NewGamesPage', paths: ['/games/new'] },
    ]);
    expect(fragmentAddresses('games', fixedPathPages(declared), declared).map(({ file }) => file)).toEqual([
      'GamesPage.json',
      'NewGamesPage.json',
    ]);
  });
});
