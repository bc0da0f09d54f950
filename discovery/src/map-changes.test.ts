import { describe, expect, it } from 'vitest';
import { otherFieldsChanged, sliceChanges } from './map-changes.mjs';

const schema = 'https://github.com/awslabs/frontend-discovery/blob/main/schema/v1-pre.json';
const at = (version: string, traffic = 0, released = false, commit = `c-${version}`) => ({
  url: `http://localhost:4176/${version}/mf-manifest.json`,
  metadata: { version, integrity: `sha256-${version}` },
  deployment: { traffic, default: released },
  extras: { builtFrom: { commit, dirty: false, builtAt: '2026-01-01T00:00:00.000Z' } },
});
const map = (legal: ReturnType<typeof at>[], games?: ReturnType<typeof at>[]) => ({
  schema,
  microFrontends: { legal, ...(games ? { games } : {}) },
});
const artifact = (version: string) => ({
  version,
  url: `http://localhost:4176/${version}/mf-manifest.json`,
  integrity: `sha256-${version}`,
});

describe('what a write changes', () => {
  it('is only the slices whose list differs, whatever else the map holds', () => {
    const before = map([at('a', 100, true)], [at('g', 100, true)]);
    expect(sliceChanges(before, before)).toEqual([]);
    const changes = sliceChanges(before, map([at('a', 100, true), at('b')], [at('g', 100, true)]));
    expect(changes.map(({ slice }) => slice)).toEqual(['legal']);
    expect(sliceChanges(before, map([at('a', 100, true)])).map(({ slice }) => slice)).toEqual(['games']);
  });

  it('says what happened in words, with the versions released before and after and the commit', () => {
    const published = sliceChanges(map([at('a', 100, true)]), map([at('a', 100, true), at('b')]))[0];
    expect(published).toMatchObject({
      summary: 'published b',
      fromVersion: 'a',
      toVersion: 'a',
      commit: 'c-b',
      grants: [],
    });
    expect(published?.newUrls).toEqual([artifact('b')]);

    const released = sliceChanges(map([at('a', 100, true), at('b')]), map([at('a'), at('b', 100, true)]))[0];
    expect(released).toMatchObject({
      summary: 'released b (was a)',
      fromVersion: 'a',
      toVersion: 'b',
      commit: 'c-b',
      newUrls: [],
    });
    expect(released?.grants).toEqual([artifact('b')]);

    const canary = sliceChanges(map([at('a', 100, true), at('b')]), map([at('a', 90, true), at('b', 10)]))[0];
    expect(canary).toMatchObject({ summary: 'canary b at 10 %', canary: { version: 'b', share: 10 }, commit: 'c-b' });
    expect(canary?.grants).toEqual([artifact('b')]);
    const wider = sliceChanges(map([at('a', 90, true), at('b', 10)]), map([at('a', 50, true), at('b', 50)]))[0];
    expect(wider).toMatchObject({ summary: 'canary b at 50 %', grants: [] });

    const withdrawn = sliceChanges(map([at('a', 90, true), at('b', 10)]), map([at('a', 100, true), at('b')]))[0];
    expect(withdrawn).toMatchObject({ summary: 'canary b withdrawn', canary: undefined, commit: undefined });
    const promoted = sliceChanges(map([at('a', 90, true), at('b', 10)]), map([at('a'), at('b', 100, true)]))[0];
    expect(promoted?.summary).toBe('released b (was a)');

    const pruned = sliceChanges(map([at('a'), at('b'), at('c', 100, true)]), map([at('c', 100, true)]))[0];
    expect(pruned).toMatchObject({ summary: 'removed a, b', commit: undefined });
    const first = sliceChanges(undefined, map([at('a', 100, true)]))[0];
    expect(first).toMatchObject({ summary: 'published a; released a', fromVersion: undefined, toVersion: 'a' });
    const moved = sliceChanges(
      map([at('a', 100, true)]),
      map([{ ...at('a', 100, true), url: 'http://localhost:4175/a/mf-manifest.json' }]),
    )[0];
    expect(moved).toMatchObject({
      summary: 'changed the URL of a',
      newUrls: [{ ...artifact('a'), url: 'http://localhost:4175/a/mf-manifest.json' }],
    });
    const reordered = sliceChanges(map([at('a', 100, true), at('b')]), map([at('b'), at('a', 100, true)]))[0];
    expect(reordered).toMatchObject({ summary: 'entries changed', grants: [], newUrls: [] });
  });

  it('counts an artifact with traffic whose URL or integrity changed, its version kept, as new traffic', () => {
    const released = at('a', 100, true);
    const elsewhere = { ...released, url: 'http://localhost:4176/other/mf-manifest.json' };
    const rebuilt = { ...released, metadata: { ...released.metadata, integrity: 'sha256-other' } };
    const url = sliceChanges(map([released]), map([elsewhere]))[0];
    expect(url).toMatchObject({ summary: 'changed the URL of a', commit: 'c-a' });
    expect(url?.grants).toEqual([{ ...artifact('a'), url: elsewhere.url }]);
    const integrity = sliceChanges(map([released]), map([rebuilt]))[0];
    expect(integrity).toMatchObject({ summary: 'changed the integrity of a' });
    expect(integrity?.grants).toEqual([{ ...artifact('a'), integrity: 'sha256-other' }]);
    const both = sliceChanges(map([released]), map([{ ...rebuilt, url: elsewhere.url }]))[0];
    expect(both?.summary).toBe('changed the URL and integrity of a');
    expect(both?.grants).toHaveLength(1);

    const canary = sliceChanges(
      map([at('a', 90, true), at('b', 10)]),
      map([at('a', 90, true), { ...at('b', 10), url: 'http://localhost:4176/b2/mf-manifest.json' }]),
    )[0];
    expect(canary?.grants.map(({ version, url }) => [version, url])).toEqual([
      ['b', 'http://localhost:4176/b2/mf-manifest.json'],
    ]);
    // An entry without traffic gets none by changing: it is checked when it gets some.
    const listed = sliceChanges(map([released, at('b')]), map([released, { ...at('b'), url: elsewhere.url }]))[0];
    expect(listed).toMatchObject({ summary: 'changed the URL of b', grants: [] });
  });

  it('tells a change outside the slices apart', () => {
    const before = map([at('a', 100, true)]);
    expect(otherFieldsChanged(before, { ...before, schema: 'https://elsewhere.example' })).toBe(true);
    expect(otherFieldsChanged(before, { ...before, microFrontends: {} })).toBe(false);
    expect(otherFieldsChanged(undefined, before)).toBe(false);
  });
});
