import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRemoteMap, parseRemoteMap } from './remote-map.ts';

const valid = {
  marketing: 'http://localhost:4174/mf-manifest.json',
  games: 'https://games.cdn.example/v42/mf-manifest.json',
  legal: 'http://localhost:4176/mf-manifest.json',
  contact: 'http://localhost:4177/remoteEntry.js',
};

describe('parseRemoteMap', () => {
  it('accepts an http(s) entry URL for every remote', () => {
    expect(parseRemoteMap(valid)).toEqual({ entries: valid, problems: {} });
  });

  it('ignores names it does not know, and keys that only look like properties', () => {
    const json = JSON.parse(`{ "__proto__": { "games": "http://evil.example/x.json" }, "extra": "http://localhost:9999/x.json", "constructor": "x" }`);
    expect(parseRemoteMap({ ...valid, ...json }).entries).toEqual(valid);
    expect(parseRemoteMap(json).entries).toEqual({});
  });

  it.each([null, [], 'http://localhost:4174/mf-manifest.json', 42])('rejects %j as a whole', (json) => {
    expect(() => parseRemoteMap(json)).toThrow('remotes.json must be an object mapping each remote to its entry URL.');
  });

  it('names a missing remote and keeps the others', () => {
    const { games, ...withoutGames } = valid;
    const map = parseRemoteMap(withoutGames);
    expect(map.problems).toEqual({ games: 'remotes.json has no valid http(s) entry URL for "games".' });
    expect(map.entries).toEqual(withoutGames);
  });

  it.each(['javascript:alert(1)', 'data:text/javascript,alert(1)', 'not a url', 'ftp://example.com/x.json', '', 7, null, {}])(
    'refuses the entry %j for that remote only',
    (entry) => {
      const map = parseRemoteMap({ ...valid, legal: entry });
      expect(map.problems).toEqual({ legal: 'remotes.json has no valid http(s) entry URL for "legal".' });
      expect(Object.keys(map.entries)).toEqual(['marketing', 'games', 'contact']);
    },
  );
});

describe('fetchRemoteMap', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches /remotes.json and checks it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(valid)));
    await expect(fetchRemoteMap()).resolves.toEqual({ entries: valid, problems: {} });
    expect(fetch).toHaveBeenCalledWith('/remotes.json');
  });

  it('reports a failed response with its status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    await expect(fetchRemoteMap()).rejects.toThrow('Could not load /remotes.json (503 Service Unavailable).');
  });

  it('reports a body that is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<!doctype html><p>Oops')));
    await expect(fetchRemoteMap()).rejects.toThrow('remotes.json is not valid JSON.');
  });
});
