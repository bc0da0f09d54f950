// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { remoteMapSchema, sliceVersion as publishedVersion } from '@nova/contracts/remote-map';
import { legacyPages } from '@nova/contracts/routes';
import { browserRemoteMap, remoteMapView } from './remote-map-view.mjs';

/** The environment the maps name: three slices, one of them on two origins. */
const environment = {
  slices: {
    marketing: { origins: ['http://localhost:4174'], paths: ['/'] },
    games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
    legal: { origins: ['http://localhost:4176', 'https://legal.cdn.example'], paths: ['/terms-and-conditions'] },
  },
};
/** What `slice publish` lists: the integrity of the version's manifest too. */
const integrity = `sha256-${'A'.repeat(43)}=`;
const sliceVersion = (entry: Parameters<typeof publishedVersion>[0]) => publishedVersion({ integrity, ...entry });
type Listed = { url: string; version: string; integrity?: string; pages?: unknown };
/** A map releasing one version of each slice given, in the environment (or `named`). */
const releasing = (released: Record<string, Listed>, named: unknown = environment) => ({
  schema: remoteMapSchema,
  microFrontends: Object.fromEntries(
    Object.entries(released).map(([slice, { pages, ...entry }]) => {
      const listed = sliceVersion(entry);
      return [slice, [pages === undefined ? listed : { ...listed, metadata: { ...listed.metadata, pages } }]];
    }),
  ),
  environment: named,
});
const marketing = { url: 'http://localhost:4174/1.0.0-aaaa/mf-manifest.json', version: '1.0.0-aaaa', integrity };
/** A version as the view serves it: with its pages (declared, or the portal's of before). */
const served = (slice: string, entry: Omit<Listed, 'pages'>, pages = legacyPages(slice)) => ({
  integrity,
  ...entry,
  pages,
});

/** The view of a map that must be usable as a whole. */
const viewOf = (json: unknown, devServers = false) => {
  const checked = remoteMapView(json, { devServers });
  if ('unusable' in checked) throw new Error(checked.unusable);
  return checked.view;
};

describe("a revision's view", () => {
  it('takes the slices, their origins and their paths from the environment the map names', () => {
    const view = viewOf(releasing({ marketing }));
    expect(view.environment).toEqual(environment);
    expect(view.origins).toEqual([
      'http://localhost:4174',
      'http://localhost:4175',
      'http://localhost:4176',
      'https://legal.cdn.example',
    ]);
    expect(view.ownerOf('/games/pug-life')).toBe('games');
    expect(view.ownerOf('/contact')).toBeUndefined();
    expect(remoteMapView(releasing({ marketing }, null))).toMatchObject({
      unusable: expect.stringMatching(/^remotes.json names no usable environment/),
    });
  });

  it.each(['..', '.', '../../victim', 'a/b'])(
    'refuses a released version named %j: only its slice fails',
    (version) => {
      const view = viewOf(
        releasing({ marketing, legal: { url: `http://localhost:4176/${version}/mf-manifest.json`, version } }),
      );
      expect(view.released).toEqual({ marketing: served('marketing', marketing) });
      expect(view.problems.legal).toBe(
        `remotes.json's released version ${JSON.stringify(version)} of "legal" cannot be used: its version ${JSON.stringify(version)} is not a version name.`,
      );
    },
  );

  it("refuses a slice's entry on another slice's origin: only that slice fails, and the view says why", () => {
    const onGames = { url: 'http://localhost:4175/1.0.0-bbbb/mf-manifest.json', version: '1.0.0-bbbb', integrity };
    const view = viewOf(releasing({ marketing, legal: onGames }));
    expect(view.released).toEqual({ marketing: served('marketing', marketing) });
    const why =
      'remotes.json\'s released version "1.0.0-bbbb" of "legal" cannot be used: it is on http://localhost:4175, not on an origin of legal (http://localhost:4176, https://legal.cdn.example).';
    expect(view.problems.legal).toBe(why);
    expect(view.refused).toEqual([why]);
    // Its pages are still known: where they are, the visitor is told legal cannot load.
    expect(view.unservedPages.legal).toEqual(legacyPages('legal'));
  });

  it('takes a slice served from several origins from any of them', () => {
    const onCdn = { url: 'https://legal.cdn.example/1.0.0-bbbb/mf-manifest.json', version: '1.0.0-bbbb' };
    expect(viewOf(releasing({ legal: onCdn })).released.legal?.url).toBe(onCdn.url);
  });

  it('serves the pages a version declares, and leaves out, saying why, those outside its slice’s paths', () => {
    const pages = [
      { path: '/games', module: 'GamesPage', title: 'Games' },
      { path: '/games/new', module: 'NewGamesPage', title: 'New games' },
      { path: '/contact', module: 'ContactPage', title: 'Contact' },
    ];
    const games = { url: 'http://localhost:4175/2.0.0-cccc/mf-manifest.json', version: '2.0.0-cccc', pages };
    const view = viewOf(releasing({ games }));
    expect(view.released.games?.pages).toEqual(pages.slice(0, 2));
    expect(view.refused).toEqual([
      "games 2.0.0-cccc declares /contact, outside games's paths (/games/*): that page is left out.",
    ]);
  });

  it('refuses a version whose pages are not pages', () => {
    const games = {
      url: 'http://localhost:4175/2.0.0-cccc/mf-manifest.json',
      version: '2.0.0-cccc',
      pages: [{ path: 'games', module: 'GamesPage', title: 'Games' }],
    };
    expect(viewOf(releasing({ marketing, games })).problems.games).toMatch(
      /^remotes.json's released version "2.0.0-cccc" of "games" cannot be used: its pages\[0\]: its path must start with \//,
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
    expect(view.released).toEqual({ marketing: served('marketing', marketing) });
    expect(view.canaries).toEqual({});
    expect(view.refused).toEqual([
      'remotes.json\'s canary "2.0.0-cccc" of "marketing" is left out: it is on http://localhost:4175, not on an origin of marketing (http://localhost:4174).',
    ]);
    expect(view.listed('marketing', '2.1.0-dddd')).toBeUndefined();
    expect(view.listed('marketing', '1.0.0-aaaa')).toEqual(served('marketing', marketing));
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
      expect(view.released).toEqual({ marketing: served('marketing', marketing) });
      expect(view.problems.legal).toBe(
        `remotes.json's released version "1.0.0-aaaa" of "legal" cannot be used: it has no integrity (sha256-… of its manifest), so its files cannot be checked.`,
      );
    },
  );

  it("takes entries without integrity from Vite's dev servers only (pnpm dev)", () => {
    const dev = { url: 'http://localhost:4174/remoteEntry.js', version: 'dev', integrity: '' };
    expect(viewOf(releasing({ marketing: dev }), true).released).toEqual({ marketing: served('marketing', dev) });
    expect(viewOf(releasing({ marketing: dev })).released).toEqual({});
  });

  it('gives the browser each version with the integrity of its manifest and its pages, the environment, and why a slice has none', () => {
    const onGames = { url: 'http://localhost:4175/1.0.0-bbbb/mf-manifest.json', version: '1.0.0-bbbb' };
    const view = viewOf(releasing({ marketing, legal: onGames }));
    const browser = browserRemoteMap(view);
    const listed = sliceVersion(marketing);
    expect(browser.microFrontends).toEqual({
      marketing: [{ ...listed, metadata: { ...listed.metadata, pages: legacyPages('marketing') } }],
    });
    expect(browser.environment).toEqual(environment);
    expect(browser.unserved).toEqual({
      games: { problem: 'remotes.json has no released version of "games".', pages: legacyPages('games') },
      legal: { problem: view.problems.legal, pages: legacyPages('legal') },
    });
  });
});
