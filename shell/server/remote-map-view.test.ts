// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import { remoteMapView } from './remote-map-view.mjs';

const sliceOrigins = {
  marketing: ['http://localhost:4174'],
  games: ['http://localhost:4175'],
  legal: ['http://localhost:4176'],
};
const environment = { sliceOrigins };
const releasing = (released: Record<string, { url: string; version: string }>) => ({
  schema: remoteMapSchema,
  microFrontends: Object.fromEntries(Object.entries(released).map(([slice, entry]) => [slice, [sliceVersion(entry)]])),
});
const marketing = { url: 'http://localhost:4174/1.0.0-aaaa/mf-manifest.json', version: '1.0.0-aaaa' };

/** The view of a map that must be usable as a whole. */
const viewOf = (json: unknown) => {
  const checked = remoteMapView(json, environment);
  if ('unusable' in checked) throw new Error(checked.unusable);
  return checked.view;
};

describe("a revision's view", () => {
  it.each(['..', '.', '../../victim', 'a/b'])(
    'refuses a released version named %j: only its slice fails',
    (version) => {
      const view = viewOf(
        releasing({ marketing, legal: { url: `http://localhost:4176/${version}/mf-manifest.json`, version } }),
      );
      expect(view.released).toEqual({ marketing });
      expect(view.problems.legal).toBe(
        `remotes.json's released version ${JSON.stringify(version)} of "legal" cannot be used: its version ${JSON.stringify(version)} is not a version name.`,
      );
    },
  );

  it("refuses a slice's entry on another slice's origin: only that slice fails, and the view says why", () => {
    const onGames = { url: 'http://localhost:4175/1.0.0-bbbb/mf-manifest.json', version: '1.0.0-bbbb' };
    const view = viewOf(releasing({ marketing, legal: onGames }));
    expect(view.released).toEqual({ marketing });
    const why =
      'remotes.json\'s released version "1.0.0-bbbb" of "legal" cannot be used: it is on http://localhost:4175, not on an origin of legal (http://localhost:4176).';
    expect(view.problems.legal).toBe(why);
    expect(view.refused).toEqual([why]);
  });

  it('takes a slice served from several origins from any of them', () => {
    const checked = remoteMapView(
      releasing({ legal: { url: 'https://legal.cdn.example/1.0.0-bbbb/mf-manifest.json', version: '1.0.0-bbbb' } }),
      { sliceOrigins: { ...sliceOrigins, legal: ['http://localhost:4176', 'https://legal.cdn.example'] } },
    );
    expect('view' in checked && checked.view.released.legal?.url).toBe(
      'https://legal.cdn.example/1.0.0-bbbb/mf-manifest.json',
    );
  });

  it("leaves out a canary, or a version a preview asks for, on another slice's origin", () => {
    const map = releasing({ marketing });
    map.microFrontends.marketing = [
      { ...sliceVersion({ ...marketing, released: true, traffic: 90 }) },
      sliceVersion({
        url: 'http://localhost:4175/2.0.0-cccc/mf-manifest.json',
        version: '2.0.0-cccc',
        released: false,
        traffic: 10,
      }),
      sliceVersion({
        url: 'http://localhost:4176/2.1.0-dddd/mf-manifest.json',
        version: '2.1.0-dddd',
        released: false,
      }),
    ];
    const view = viewOf(map);
    expect(view.released).toEqual({ marketing });
    expect(view.canaries).toEqual({});
    expect(view.refused).toEqual([
      'remotes.json\'s canary "2.0.0-cccc" of "marketing" is left out: it is on http://localhost:4175, not on an origin of marketing (http://localhost:4174).',
    ]);
    expect(view.listed('marketing', '2.1.0-dddd')).toBeUndefined();
    expect(view.listed('marketing', '1.0.0-aaaa')).toEqual(marketing);
  });
});
