import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRemoteMap, parseRemoteMap, RemoteMapError, remoteMapReading } from './remote-map.ts';

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
  const settle = async <T,>(promise: Promise<T>) => {
    const outcome = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.advanceTimersByTimeAsync(3 * attemptTimeoutMs + retryDelaysMs[0] + retryDelaysMs[1]);
    return outcome;
  };

  it('fetches /remotes.json and checks it', async () => {
    const fetch = stubFetch(answer(valid));
    await expect(fetchRemoteMap()).resolves.toEqual({ entries: valid, problems: {} });
    expect(fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store', signal: expect.any(AbortSignal) });
  });

  it('tries again after a pause when an attempt fails', async () => {
    const fetch = stubFetch(answer('', { status: 503, statusText: 'Service Unavailable' }), answer(valid));
    const map = fetchRemoteMap();
    await vi.advanceTimersByTimeAsync(retryDelaysMs[0] - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(map).resolves.toEqual({ entries: valid, problems: {} });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it(`gives an attempt ${attemptTimeoutMs} ms, then tries again`, async () => {
    stubFetch(never, answer(valid));
    const map = fetchRemoteMap();
    await vi.advanceTimersByTimeAsync(attemptTimeoutMs + retryDelaysMs[0]);
    await expect(map).resolves.toEqual({ entries: valid, problems: {} });
  });

  it('gives up after three attempts with the last reason', async () => {
    const fetch = stubFetch(never, never, never);
    expect(await settle(fetchRemoteMap())).toEqual({
      error: new RemoteMapError(`/remotes.json did not answer within ${attemptTimeoutMs / 1000} s.`),
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['a failed response', answer('', { status: 500, statusText: 'Internal Server Error' }), 'Could not load /remotes.json (500 Internal Server Error).'],
    ['no connection', async () => Promise.reject(new TypeError('Failed to fetch')), 'Could not load /remotes.json (no connection).'],
    ['a body that is not JSON', answer('<!doctype html><p>Welcome'), 'remotes.json is not valid JSON.'],
    ['an empty body', answer(''), 'remotes.json is not valid JSON.'],
    ['JSON that is not a map', answer([1, 2]), 'remotes.json must be an object mapping each remote to its entry URL.'],
    ['a huge file', answer({ ...valid, padding: 'x'.repeat(100_000) }), 'remotes.json is too large to be a remote map.'],
  ])('reports %s', async (_, response, message) => {
    stubFetch(response, response, response);
    expect(await settle(fetchRemoteMap())).toEqual({ error: new RemoteMapError(message) });
  });
});
