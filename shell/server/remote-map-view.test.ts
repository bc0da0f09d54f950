// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { remoteMapSchema, sliceVersion as publishedVersion } from '@nova/contracts/remote-map';
import { browserRemoteMap, remoteMapView } from './remote-map-view.mjs';

const sliceOrigins = {
  marketing: ['http://localhost:4174'],
  games: ['http://localhost:4175'],
  legal: ['http://localhost:4176'],
};
const environment = { sliceOrigins };
/** What `slice publish` lists: the integrity of the version's manifest too. */
const integrity = `sha256-${'A'.repeat(43)}=`;
const sliceVersion = (entry: Parameters<typeof publishedVersion>[0]) => publishedVersion({ integrity, ...entry });
const releasing = (released: Record<string, { url: string; version: string; integrity?: string }>) => ({
  schema: remoteMapSchema,
  microFrontends: Object.fromEntries(Object.entries(released).map(([slice, entry]) => [slice, [sliceVersion(entry)]])),
});
const marketing = { url: 'http://localhost:4174/1.0.0-aaaa/mf-manifest.json', version: '1.0.0-aaaa', integrity };

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
    const onGames = { url: 'http://localhost:4175/1.0.0-bbbb/mf-manifest.json', version: '1.0.0-bbbb', integrity };
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

  it.each(['', 'sha256-', 'md5-abc', 'sha256-not base64!', 7])(
    'refuses an entry whose integrity is %j: its files could not be checked',
    (odd) => {
      const view = viewOf(
        releasing({
          marketing,
          legal: { ...marketing, url: 'http://localhost:4176/1.0.0-bbbb/mf-manifest.json', integrity: odd as string },
        }),
      );
      expect(view.released).toEqual({ marketing });
      expect(view.problems.legal).toBe(
        `remotes.json's released version "1.0.0-aaaa" of "legal" cannot be used: it has no integrity (sha256-… of its manifest), so its files cannot be checked.`,
      );
    },
  );

  it("takes entries without integrity from Vite's dev servers only (pnpm dev)", () => {
    const dev = { url: 'http://localhost:4174/remoteEntry.js', version: 'dev', integrity: '' };
    const checked = remoteMapView(releasing({ marketing: dev }), { sliceOrigins, devServers: true });
    expect('view' in checked && checked.view.released).toEqual({ marketing: dev });
    expect(viewOf(releasing({ marketing: dev })).released).toEqual({});
  });

  it('gives the browser each version with the integrity of its manifest', () => {
    const view = viewOf(releasing({ marketing }));
    expect(browserRemoteMap(view).microFrontends).toEqual({ marketing: [sliceVersion(marketing)] });
  });
});
