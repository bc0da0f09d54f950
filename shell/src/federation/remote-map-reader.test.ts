import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceEnvironment } from '@nova/contracts/environment';
import { legacyPages } from '@nova/contracts/routes';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import { startPreview } from './preview.ts';
import { RemoteMapError } from './remote-map-error.ts';
import { fetchRemoteMap, parseRemoteMap, remoteMapFromServer, remoteMapReading } from './remote-map-reader.ts';

const entries = {
  marketing: 'http://localhost:4174/1.0.0-aaaa/mf-manifest.json',
  games: 'https://games.cdn.example/1.2.0-bbbb/mf-manifest.json',
  legal: 'http://localhost:4176/1.0.0-cccc/mf-manifest.json',
  contact: 'http://localhost:4177/remoteEntry.js',
};
/** The environment the maps name: each slice on its entry's origin, on the paths slices.js gives it. */
const environment = workspaceEnvironment((slice) => [new URL(entries[slice]).origin]);
const integrity = `sha256-${'A'.repeat(43)}=`;
/** A version's entry at `url`, which may be anything: the map is JSON the shell does not trust. */
const version = (url: unknown, number: string, released: boolean) => ({
  ...sliceVersion({ url: '', version: number, integrity, released }),
  url,
});
/** A map that releases `released` and also lists an older version of each slice. */
const mapOf = (released: Record<string, unknown>) => ({
  schema: remoteMapSchema,
  environment,
  microFrontends: Object.fromEntries(
    Object.entries(released).map(([name, url]) => [
      name,
      [version(`http://localhost:4199/${name}/0.9.0/mf-manifest.json`, '0.9.0', false), version(url, '1.0.0', true)],
    ]),
  ),
});
const valid = mapOf(entries);
const versions = { marketing: '1.0.0', games: '1.0.0', legal: '1.0.0', contact: '1.0.0' };
const integrities = { marketing: integrity, games: integrity, legal: integrity, contact: integrity };
/** The routes of versions that declare no pages: the pages their slice had before slices declared theirs. */
const legacyRoutes = (Object.keys(entries) as (keyof typeof entries)[]).flatMap((slice) =>
  legacyPages(slice).map((page) => ({ ...page, module: `${slice}/${page.module}` })),
);
const origins = Object.fromEntries(Object.entries(environment.slices).map(([slice, { origins }]) => [slice, origins]));
const noProblems = { entries, problems: {}, previews: {}, versions, integrities, pages: legacyRoutes, origins };

// The shell as every build runs it; only Vite's dev server lets entries without integrity through.
beforeEach(() => vi.stubEnv('DEV', false));
afterEach(() => vi.unstubAllEnvs());

describe('parseRemoteMap', () => {
  it('takes the released version of every remote', () => {
    expect(parseRemoteMap(valid)).toEqual(noProblems);
  });

  it('ignores names it does not know, and keys that only look like properties', () => {
    const odd = JSON.parse(
      `{ "__proto__": { "games": [{ "url": "http://odd.example/x.json", "deployment": { "default": true } }] }, "extra": [], "constructor": "x" }`,
    );
    expect(parseRemoteMap({ ...valid, microFrontends: { ...valid.microFrontends, ...odd } }).entries).toEqual(entries);
  });

  it.each([{}, { games: [] }, JSON.parse('{ "__proto__": { "games": [] }, "extra": [{ "url": "x" }] }')])(
    'rejects a map that lists none of the slices (%j) as a whole',
    (microFrontends) => {
      expect(() => parseRemoteMap({ environment, microFrontends })).toThrow(
        "remotes.json lists no version of this environment's slices (marketing, games, legal, contact).",
      );
    },
  );

  it.each([null, [], 'http://localhost:4174/mf-manifest.json', 42, {}, { microFrontends: [] }, entries])(
    'rejects %j as a whole',
    (json) => {
      expect(() => parseRemoteMap(json)).toThrow(
        'remotes.json must list the micro-frontends of this environment (microFrontends).',
      );
    },
  );

  it('names a missing remote and keeps the others', () => {
    const { games, ...withoutGames } = valid.microFrontends;
    const map = parseRemoteMap({ environment, microFrontends: withoutGames });
    expect(map.problems).toEqual({ games: 'remotes.json has no released version of "games".' });
    expect(Object.keys(map.entries)).toEqual(['marketing', 'legal', 'contact']);
  });

  it('finds no released version where none is marked default', () => {
    const map = parseRemoteMap({
      environment,
      microFrontends: { ...valid.microFrontends, legal: [version(entries.legal, '1.0.0', false)] },
    });
    expect(map.problems).toEqual({ legal: 'remotes.json has no released version of "legal".' });
  });

  it.each([
    [[null, 'default', 7, []]],
    [[{ url: entries.legal, deployment: null }]],
    [[{ url: entries.legal, deployment: 'default' }]],
    [[{ url: entries.legal, deployment: true }]],
    [[{ url: entries.legal, deployment: { default: 'true' } }]],
  ])('finds no released version in the malformed list %j, and keeps the others', (legal) => {
    const map = parseRemoteMap({ environment, microFrontends: { ...valid.microFrontends, legal } });
    expect(map.problems).toEqual({
      legal: expect.stringMatching(
        /^remotes\.json('s released version of "legal" cannot be used: its URL is not an http\(s\) URL| has no released version of "legal")\.$/,
      ),
    });
    expect(Object.keys(map.entries)).toEqual(['marketing', 'games', 'contact']);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    'not a url',
    'ftp://example.com/x.json',
    '',
    7,
    null,
    {},
  ])('refuses the released URL %j for that remote only', (url) => {
    const map = parseRemoteMap(mapOf({ ...entries, legal: url }));
    expect(map.problems).toEqual({
      legal: 'remotes.json\'s released version "1.0.0" of "legal" cannot be used: its URL is not an http(s) URL.',
    });
    expect(Object.keys(map.entries)).toEqual(['marketing', 'games', 'contact']);
  });

  /** The map as the composer answers a tab whose preview link it honoured. */
  const withPreview = (
    slice: 'legal' | 'games',
    url: unknown = `http://localhost:4199/${slice}/0.9.0/mf-manifest.json`,
  ) => {
    const map = structuredClone(valid);
    map.microFrontends[slice]![0] = { ...version(url, '0.9.0', false), extras: { preview: true } } as never;
    return map;
  };

  it("uses the version the server marked as this tab's preview, and says so", () => {
    const map = parseRemoteMap(withPreview('legal'));
    expect(map.entries.legal).toBe('http://localhost:4199/legal/0.9.0/mf-manifest.json');
    expect(map.previews).toEqual({ legal: '0.9.0' });
  });

  it('names the version of each entry: the released one, or the one previewed', () => {
    expect(parseRemoteMap(withPreview('legal')).versions).toEqual({ ...versions, legal: '0.9.0' });
  });

  it('previews nothing the server did not mark: a map that lists other versions is not a preview', () => {
    expect(parseRemoteMap(valid)).toEqual(noProblems);
    expect(parseRemoteMap(withPreview('games', 'javascript:alert(1)'))).toEqual(noProblems);
  });

  it.each(['1.0.0"}<script>', '..', '../../victim'])(
    'refuses a released version named %j, as the composer does: that remote only',
    (name) => {
      const map = parseRemoteMap({
        environment,
        microFrontends: { ...valid.microFrontends, legal: [version(entries.legal, name, true)] },
      });
      expect(map.versions).toEqual({ marketing: '1.0.0', games: '1.0.0', contact: '1.0.0' });
      expect(map.entries.legal).toBeUndefined();
      expect(map.problems.legal).toBe(
        `remotes.json's released version ${JSON.stringify(name)} of "legal" cannot be used: its version ${JSON.stringify(name)} is not a version name.`,
      );
    },
  );

  it('refuses a released version without the integrity of its manifest: nothing of it could be checked', () => {
    const unchecked = { ...version(entries.legal, '1.0.0', true), metadata: { version: '1.0.0', integrity: '' } };
    const map = parseRemoteMap({ environment, microFrontends: { ...valid.microFrontends, legal: [unchecked] } });
    expect(map.entries.legal).toBeUndefined();
    expect(map.problems.legal).toBe(
      'remotes.json\'s released version "1.0.0" of "legal" cannot be used: it has no integrity (sha256-… of its manifest), so its files cannot be checked.',
    );
  });

  it("takes entries without integrity from Vite's dev server only", () => {
    vi.stubEnv('DEV', true);
    const dev = { ...version(entries.legal, 'dev', true), metadata: { version: 'dev', integrity: '' } };
    expect(parseRemoteMap({ environment, microFrontends: { legal: [dev] } }).entries).toEqual({ legal: entries.legal });
  });

  it("uses the dev server's entry the server marked as this browser's override, without integrity, and says so", () => {
    const map = structuredClone(valid);
    const dev = { ...version('http://localhost:5176/remoteEntry.js', 'dev', false), extras: { override: true } };
    map.microFrontends.legal!.push({ ...dev, metadata: { version: 'dev', integrity: '' } } as never);
    const vouched = { legal: 'http://localhost:5176' };
    const parsed = parseRemoteMap(map, vouched);
    expect(parsed.entries.legal).toBe('http://localhost:5176/remoteEntry.js');
    expect(parsed.overrides).toEqual(vouched);
    // Where the page's data block named no such dev server (a map from a static host), it is not taken.
    expect(parseRemoteMap(map)).toEqual(noProblems);
    expect(parseRemoteMap(map, { legal: 'http://localhost:6666' })).toEqual(noProblems);
    // Unmarked, the same entry is no override, and is not taken without integrity.
    delete (map.microFrontends.legal![2] as { extras?: unknown }).extras;
    expect(parseRemoteMap(map, vouched)).toEqual(noProblems);
  });

  it('names the integrity of each entry: the released one, or the one previewed', () => {
    const previewed = `sha256-${'P'.repeat(43)}=`;
    const map = withPreview('legal');
    map.microFrontends.legal![0]!.metadata.integrity = previewed;
    expect(parseRemoteMap(map).integrities).toEqual({ ...integrities, legal: previewed });
  });

  it('routes to the pages each version declares, none of a version whose pages cannot be read', () => {
    const map = structuredClone(valid);
    const declare = (slice: keyof typeof entries, pages: unknown) =>
      Object.assign(map.microFrontends[slice]![1]!.metadata, { pages });
    declare('games', [{ path: '/games/new', module: 'NewGamesPage', title: 'New games' }]);
    declare('legal', 'everything');
    const routes = parseRemoteMap(map).pages;
    expect(routes.filter(({ module }) => module.startsWith('games/'))).toEqual([
      { path: '/games/new', module: 'games/NewGamesPage', title: 'New games' },
    ]);
    expect(routes.filter(({ module }) => module.startsWith('legal/'))).toEqual([]);
  });

  it("names a slice the composer has no version of, as it said, with its released version's pages", () => {
    const map = {
      ...valid,
      microFrontends: { ...valid.microFrontends, games: [version('http://elsewhere.example/x.json', '1.0.0', false)] },
      unserved: {
        games: {
          problem: 'games 1.0.0 is on http://elsewhere.example.',
          pages: [{ path: '/games', module: 'GamesPage', title: 'Games' }],
        },
      },
    };
    const parsed = parseRemoteMap(map);
    expect(parsed.problems).toEqual({ games: 'games 1.0.0 is on http://elsewhere.example.' });
    expect(parsed.pages).toContainEqual({ path: '/games', module: 'games/GamesPage', title: 'Games' });
    expect(parsed.entries.games).toBeUndefined();
  });
});

describe('remoteMapFromServer', () => {
  it("takes the server's entry, version, integrity and origins of the page's slice, checked like any, and its route", () => {
    const gamesOrigins = ['https://games.cdn.example', 'https://games-b.cdn.example'];
    expect(
      remoteMapFromServer({
        remotes: { games: entries.games, legal: 'javascript:alert(1)', 'Not a slice': entries.marketing },
        versions: { games: '1.2.0-bbbb', legal: '1.0.0', 'Not a slice': '1.0.0' },
        integrities: { games: integrity, legal: integrity, 'Not a slice': integrity },
        origins: { games: gamesOrigins },
        page: 'games/GamePage',
        route: { path: '/games/:gameId', title: 'Game' },
      }),
    ).toEqual({
      entries: { games: entries.games },
      problems: {
        legal: 'remotes.json\'s released version "1.0.0" of "legal" cannot be used: its URL is not an http(s) URL.',
      },
      previews: {},
      versions: { games: '1.2.0-bbbb' },
      integrities: { games: integrity },
      pages: [{ path: '/games/:gameId', module: 'games/GamePage', title: 'Game' }],
      origins: { games: gamesOrigins },
    });
    for (const odd of [{ versions: { games: 'a b' } }, { integrities: { games: 'sha256-?' } }, {}])
      expect(
        remoteMapFromServer({
          remotes: { games: entries.games },
          versions: { games: '1.2.0-bbbb' },
          integrities: { games: integrity },
          ...odd,
        }).entries,
      ).toEqual('versions' in odd || 'integrities' in odd ? {} : { games: entries.games });
  });
});

describe('remoteMapFromServer, for a page whose slice has no entry', () => {
  it('still routes to the page the server composed, whose slot then reads why', () => {
    const map = remoteMapFromServer({ page: 'contact/ContactPage', route: { path: '/contact', title: 'Contact' } });
    expect(map.entries).toEqual({});
    expect(map.pages).toEqual([{ path: '/contact', module: 'contact/ContactPage', title: 'Contact' }]);
  });
});

describe('remoteMapFromServer, for an override', () => {
  const dev = {
    remotes: { legal: 'http://localhost:5176/remoteEntry.js' },
    versions: { legal: 'dev' },
    integrities: { legal: '' },
  };

  it("takes the dev server's entry without integrity only where the server vouched for that origin", () => {
    const vouched = remoteMapFromServer({ ...dev, overrides: { legal: 'http://localhost:5176' } });
    expect(vouched.entries).toEqual({ legal: 'http://localhost:5176/remoteEntry.js' });
    expect(vouched.overrides).toEqual({ legal: 'http://localhost:5176' });
    expect(remoteMapFromServer(dev).entries).toEqual({});
    expect(remoteMapFromServer({ ...dev, overrides: { legal: 'http://localhost:6666' } }).entries).toEqual({});
  });

  it("says on another slice's page which slice this browser sees from a dev server", () => {
    const contact = 'http://localhost:4177/1.0.0-cccc/mf-manifest.json';
    const map = remoteMapFromServer({
      remotes: { contact },
      versions: { contact: '1.0.0-cccc' },
      integrities: { contact: integrity },
      overrides: { legal: 'http://localhost:5176' },
    });
    expect(map.entries).toEqual({ contact });
    expect(map.overrides).toEqual({ legal: 'http://localhost:5176' });
  });
});

describe('fetchRemoteMap', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const { attemptTimeoutMs, retryDelaysMs } = remoteMapReading;
  const stubFetch = (...responses: (() => Promise<Response>)[]) => {
    const fetch = vi.fn();
    for (const response of responses) fetch.mockImplementationOnce(response);
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const answer = (body: unknown, init?: ResponseInit) => async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), init);
  const never = () => new Promise<Response>(() => {});
  /** Settles `promise` while the fake clock runs through every attempt and pause. */
  const settle = async <T>(promise: Promise<T>) => {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(3 * attemptTimeoutMs + retryDelaysMs[0] + retryDelaysMs[1]);
    return outcome;
  };

  it('fetches /remotes.json and checks it', async () => {
    const fetch = stubFetch(answer(valid));
    await expect(fetchRemoteMap()).resolves.toEqual(noProblems);
    expect(fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store', signal: expect.any(AbortSignal) });
  });

  it("sends this tab's preview link with its request", async () => {
    const token = `eyJzIjoibGVnYWwifQ.${'s'.repeat(43)}`;
    history.replaceState(null, '', `/?preview=${token}`);
    startPreview();
    const fetch = stubFetch(answer(valid));
    await fetchRemoteMap();
    expect(fetch).toHaveBeenCalledWith(`/remotes.json?preview=${token}`, expect.anything());
    history.replaceState(null, '', '/?preview=off');
    startPreview();
  });

  it('tries again after a pause when an attempt fails', async () => {
    const fetch = stubFetch(answer('', { status: 503, statusText: 'Service Unavailable' }), answer(valid));
    const map = fetchRemoteMap();
    await vi.advanceTimersByTimeAsync(retryDelaysMs[0] - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(map).resolves.toEqual(noProblems);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it(`gives an attempt ${attemptTimeoutMs} ms, then tries again`, async () => {
    stubFetch(never, answer(valid));
    const map = fetchRemoteMap();
    await vi.advanceTimersByTimeAsync(attemptTimeoutMs + retryDelaysMs[0]);
    await expect(map).resolves.toEqual(noProblems);
  });

  it('gives up after three attempts with the last reason', async () => {
    const fetch = stubFetch(never, never, never);
    expect(await settle(fetchRemoteMap())).toEqual({
      error: new RemoteMapError(`/remotes.json did not answer within ${attemptTimeoutMs / 1000} s.`),
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([
    [
      'a failed response',
      answer('', { status: 500, statusText: 'Internal Server Error' }),
      'Could not load /remotes.json (500 Internal Server Error).',
    ],
    [
      'no connection',
      async () => Promise.reject(new TypeError('Failed to fetch')),
      'Could not load /remotes.json (no connection).',
    ],
    ['a body that is not JSON', answer('<!doctype html><p>Welcome'), 'remotes.json is not valid JSON.'],
    ['an empty body', answer(''), 'remotes.json is not valid JSON.'],
    [
      'JSON that is not a map',
      answer([1, 2]),
      'remotes.json must list the micro-frontends of this environment (microFrontends).',
    ],
    [
      'a huge file',
      answer({ ...valid, padding: 'x'.repeat(300_000) }),
      'remotes.json is too large to be a remote map.',
    ],
  ])('reports %s', async (_, response, message) => {
    stubFetch(response, response, response);
    expect(await settle(fetchRemoteMap())).toEqual({ error: new RemoteMapError(message) });
  });
});
