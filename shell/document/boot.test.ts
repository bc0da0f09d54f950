import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sliceVersion } from '@nova/contracts/remote-map';
import { splitPage } from '@nova/contracts/routes';
import { bootPageRemote, type Boot, type Bootstrap } from './boot.js';
import { dataBlockId, readDataBlock, type DataBlock } from './data-block.js';

const bootstrap: Bootstrap = { script: '/assets/index.js', preloads: ['/assets/react-dom.js', '/remoteEntry.js'] };
const gamesManifest = 'http://localhost:4175/v1/mf-manifest.json';
/** The integrity of each released entry (its manifest's, or a script's own) and of the remote entry. */
const integrity = `sha256-${'M'.repeat(43)}=`;
const entryIntegrity = `sha256-${'E'.repeat(43)}=`;
/** A slice's versions: an older one, and the released one at `url`, which declares `pages`. */
const released = (url: string, pages: [path: string, module: string][]) => [
  sliceVersion({ url: 'http://localhost:4199/old/mf-manifest.json', version: 'old', integrity, released: false }),
  {
    ...sliceVersion({ url, version: '1.0.0', integrity }),
    metadata: { version: '1.0.0', integrity, pages: pages.map(([path, module]) => ({ path, module, title: module })) },
  },
];
const remoteMap = {
  microFrontends: {
    marketing: released('http://localhost:4174/remoteEntry.js', [['/', 'HomePage']]),
    games: released(gamesManifest, [
      ['/games', 'GamesPage'],
      ['/games/:gameId', 'GamePage'],
      ['/games/news/*', 'NewsPage'],
    ]),
    contact: released('javascript:alert(1)', [['/contact', 'ContactPage']]),
  },
};
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js' } },
  remoteEntryIntegrity: entryIntegrity,
  exposes: [
    { name: 'GamesPage', assets: { js: { sync: ['assets/GamesPage.js'], async: [] } } },
    {
      name: 'GamePage',
      assets: { js: { sync: ['assets/GamePage.js', 'assets/frame.js'], async: ['assets/avatar.js'] } },
    },
  ],
};

const boot = () => (globalThis as { novaBoot?: Boot }).novaBoot!;
const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    link.href,
    link.getAttribute('crossorigin'),
  ]);
/** Each preload with the integrity it is checked against (none: unchecked). */
const checked = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    link.href,
    link.getAttribute('integrity'),
  ]);

const shellScript = () => document.head.querySelector<HTMLScriptElement>('script[src]');

/** Runs the boot script of a static document at a path and waits until it has done all it does. */
async function bootAt(path: string, shell?: Bootstrap) {
  history.replaceState(null, '', path);
  bootPageRemote(readDataBlock, dataBlockId, splitPage, shell);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve));
}

/** Puts the composer's data block in the document, at a path. */
function serverHtmlAt(path: string, dataBlock: Partial<DataBlock>) {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = dataBlockId;
  data.textContent = JSON.stringify({ remotes: {}, ...dataBlock });
  document.body.append(data);
  history.replaceState(null, '', path);
}

describe('the boot script', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => Response.json(url === '/remotes.json' ? remoteMap : manifest)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.replaceChildren();
    document.body.replaceChildren();
    delete (globalThis as { novaBoot?: Boot }).novaBoot;
  });

  it("fetches the remote map, then the page's manifest, and preloads the files the page imports, not its lazy parts", async () => {
    await bootAt('/games/pug-life');
    expect(fetch).toHaveBeenCalledWith('/remotes.json', { priority: 'high' });
    expect(fetch).toHaveBeenCalledWith(gamesManifest, { priority: 'high', integrity });
    expect(preloaded()).toEqual(
      ['remoteEntry.js', 'assets/GamePage.js', 'assets/frame.js'].map((file) => [
        `http://localhost:4175/v1/${file}`,
        '',
      ]),
    );
  });

  it('checks the manifest against the integrity its entry names, and the remote entry against the one the manifest names', async () => {
    await bootAt('/games/pug-life');
    expect(fetch).toHaveBeenCalledWith(gamesManifest, expect.objectContaining({ integrity }));
    expect(checked()).toEqual([
      ['http://localhost:4175/v1/remoteEntry.js', entryIntegrity],
      ['http://localhost:4175/v1/assets/GamePage.js', null],
      ['http://localhost:4175/v1/assets/frame.js', null],
    ]);
  });

  it('leaves to the shell an entry without integrity, and a remote entry its manifest names none for', async () => {
    const listed = remoteMap.microFrontends.games[1]!;
    const unchecked = { ...listed, metadata: { ...listed.metadata, integrity: '' } };
    vi.mocked(fetch).mockImplementation(async (url) =>
      Response.json(url === '/remotes.json' ? { microFrontends: { games: [unchecked] } } : manifest),
    );
    await bootAt('/games');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(preloaded()).toEqual([]);

    vi.mocked(fetch).mockImplementation(async (url) =>
      Response.json(url === '/remotes.json' ? remoteMap : { ...manifest, remoteEntryIntegrity: undefined }),
    );
    await bootAt('/games');
    expect(checked()).toEqual([['http://localhost:4175/v1/assets/GamesPage.js', null]]);
  });

  it('leaves both responses for the shell to take over', async () => {
    await bootAt('/games');
    await expect((await boot().remoteMap)!.json()).resolves.toEqual(remoteMap);
    await expect((await boot().manifests.get(gamesManifest))!.json()).resolves.toEqual(manifest);
  });

  it('matches paths as the router does: any case, a trailing slash, one segment per parameter', async () => {
    await bootAt('/GAMES/');
    expect(preloaded().map(([href]) => href)).toContain('http://localhost:4175/v1/assets/GamesPage.js');
  });

  it("matches the pages the map's released versions declare, a final * taking the rest", async () => {
    await bootAt('/games/news/today/late');
    expect(fetch).toHaveBeenCalledWith(gamesManifest, { priority: 'high', integrity });
    await bootAt('/games/news');
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => url === gamesManifest)).toHaveLength(2);
  });

  it('preloads a remote entry that is not a manifest as it is, checked against its own integrity', async () => {
    await bootAt('/');
    expect(preloaded()).toEqual([['http://localhost:4174/remoteEntry.js', '']]);
    expect(checked()).toEqual([['http://localhost:4174/remoteEntry.js', integrity]]);
  });

  it.each(['/contact', '/nope', '/games/pug-life/extra'])(
    'only fetches the map at %s (invalid entry or no such page)',
    async (path) => {
      await bootAt(path);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(preloaded()).toEqual([]);
    },
  );

  it('on a static document, starts the shell at once, its entry first, after asking for the map', () => {
    history.replaceState(null, '', '/contact');
    bootPageRemote(readDataBlock, dataBlockId, splitPage, bootstrap);
    expect(vi.mocked(fetch).mock.calls[0]).toEqual(['/remotes.json', { priority: 'high' }]);
    expect(preloaded().map(([href, crossorigin]) => [new URL(href!).pathname, crossorigin])).toEqual([
      ['/assets/index.js', ''],
      ['/assets/react-dom.js', ''],
      ['/remoteEntry.js', ''],
    ]);
    expect(shellScript()).toMatchObject({ type: 'module', src: `${location.origin}/assets/index.js` });
    expect(shellScript()?.getAttribute('crossorigin')).toBe('');
  });

  it('runs the shell once the document is parsed, as a module script of the document would', () => {
    history.replaceState(null, '', '/contact');
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    bootPageRemote(readDataBlock, dataBlockId, splitPage, bootstrap);
    expect(preloaded()).toHaveLength(3);
    expect(shellScript()).toBeNull();
    readyState.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(shellScript()).toMatchObject({ type: 'module', src: `${location.origin}/assets/index.js` });
  });

  it('under server HTML, where paints are not timed, loads the shell on load, its entry first', () => {
    const dataBlock = { page: 'contact/ContactPage', remotes: {} } as const;
    serverHtmlAt('/contact', dataBlock);
    bootPageRemote(readDataBlock, dataBlockId, splitPage, bootstrap);
    // Parsed once, here; the shell takes it over as an object.
    expect(boot().dataBlock).toEqual(dataBlock);
    expect(preloaded()).toEqual([]);
    expect(shellScript()).toBeNull();

    dispatchEvent(new Event('load'));
    expect(preloaded().map(([href]) => new URL(href!).pathname)).toEqual([
      '/assets/index.js',
      '/assets/react-dom.js',
      '/remoteEntry.js',
    ]);
    expect(shellScript()).toMatchObject({ type: 'module', src: `${location.origin}/assets/index.js` });
    expect(fetch).not.toHaveBeenCalledWith('/remotes.json', expect.anything());
  });

  it('under server HTML, waits for the first contentful paint: not the first paint, not load', () => {
    let observed: PerformanceObserverCallback = () => {};
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        constructor(callback: PerformanceObserverCallback) {
          observed = callback;
        }
        observe() {}
      },
    );
    const paint = (name: string) =>
      observed({ getEntriesByName: (entry: string) => (entry === name ? [{ name }] : []) } as never, {} as never);
    serverHtmlAt('/contact', {});
    bootPageRemote(readDataBlock, dataBlockId, splitPage, { script: '/assets/index.js', preloads: [] });

    dispatchEvent(new Event('load'));
    paint('first-paint');
    expect(preloaded()).toEqual([]);
    paint('first-contentful-paint');
    expect(preloaded().map(([href]) => new URL(href!).pathname)).toEqual(['/assets/index.js']);
  });

  it('under server HTML, preloads the page the data block names from the entry it was composed with, never matching the address or fetching the map', async () => {
    // No route matches this address: the page is the one the server matched.
    serverHtmlAt('/somewhere/else', {
      page: 'games/GamePage',
      remotes: { games: gamesManifest },
      integrities: { games: integrity },
    });
    bootPageRemote(readDataBlock, dataBlockId, splitPage, { script: '/assets/index.js', preloads: [] });
    dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(preloaded()).toHaveLength(4));
    expect(preloaded().map(([href]) => href)).toEqual([
      `${location.origin}/assets/index.js`,
      'http://localhost:4175/v1/remoteEntry.js',
      'http://localhost:4175/v1/assets/GamePage.js',
      'http://localhost:4175/v1/assets/frame.js',
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(gamesManifest, { priority: 'high', integrity });
    expect(boot().remoteMap).toBeUndefined();
  });

  it("under server HTML that names no page (the shell's Not Found), preloads none, whatever the address", async () => {
    serverHtmlAt('/games', { remotes: { games: gamesManifest } });
    bootPageRemote(readDataBlock, dataBlockId, splitPage, bootstrap);
    dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve));
    expect(fetch).not.toHaveBeenCalled();
    expect(preloaded()).toHaveLength(3);
  });

  it("under the dev server's document (no bootstrap list), leaves the shell to its own module scripts", async () => {
    serverHtmlAt('/games', {
      page: 'games/GamesPage',
      remotes: { games: gamesManifest },
      integrities: { games: integrity },
    });
    bootPageRemote(readDataBlock, dataBlockId, splitPage);
    dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(preloaded()).toHaveLength(2));
    expect(preloaded().map(([href]) => href)).toEqual([
      'http://localhost:4175/v1/remoteEntry.js',
      'http://localhost:4175/v1/assets/GamesPage.js',
    ]);
    expect(shellScript()).toBeNull();
  });

  it('gives up quietly when the map is not JSON', async () => {
    vi.mocked(fetch).mockImplementation(async () => new Response('<!doctype html>'));
    await bootAt('/games');
    expect(preloaded()).toEqual([]);
  });
});
