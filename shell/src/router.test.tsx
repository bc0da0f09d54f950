import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoteMapError } from './federation/remote-map-error.ts';
import { emptyMap, fetchRemoteMap, type RemoteMap } from './federation/remote-map-reader.ts';
import { registeredRemotes } from './federation/runtime.ts';
import { createRouter } from './router.tsx';
import { pageOfRoute, siteRouteId, type PageRoute } from './routes.tsx';

vi.mock('./federation/remote-map-reader.ts', async (original) => ({
  ...(await original<typeof import('./federation/remote-map-reader.ts')>()),
  // The environment's map now, as a navigation to an unknown address reads it (unread by default).
  fetchRemoteMap: vi.fn(async () => {
    throw new Error('/remotes.json was not read.');
  }),
}));
vi.mock('./federation/runtime.ts', () => ({
  loadRemotePage: vi.fn(async () => ({ default: () => null })),
  registeredRemotes: vi.fn(),
  registeredVersion: vi.fn(async () => undefined),
}));

const page = (path: string, module: PageRoute['module'], title = 'A page'): PageRoute => ({ path, module, title });
const games = page('/games', 'games/GamesPage', 'Games');
const mapOf = (pages: PageRoute[]): RemoteMap => ({ ...emptyMap(), pages });
/** The page the router shows now, if a slice's. */
const shown = (router: ReturnType<typeof createRouter>) => {
  const route = router.state.matches.at(-1)?.route;
  return route && pageOfRoute(route);
};

describe("the browser's router", () => {
  afterEach(() => {
    vi.mocked(registeredRemotes).mockReset();
    history.replaceState(null, '', '/');
  });

  it('starts with the page the server composed, without reading the map', () => {
    history.replaceState(null, '', '/games');
    const router = createRouter({ remoteMap: mapOf([games]) });
    expect(shown(router)).toEqual(games);
    expect(registeredRemotes).not.toHaveBeenCalled();
    router.dispose();
  });

  it('adds the pages of the map the first time an address needs one it does not have', async () => {
    const news = page('/games/news/:day', 'games/NewsPage', 'News');
    vi.mocked(registeredRemotes).mockResolvedValue(mapOf([games, news, page('/contact', 'contact/ContactPage')]));
    history.replaceState(null, '', '/games');
    const router = createRouter({ remoteMap: mapOf([games]) });
    await act(() => router.navigate('/games/news/monday'));
    expect(shown(router)).toEqual(news);
    expect(router.state.matches.at(-1)?.params).toEqual({ day: 'monday' });
    await act(() => router.navigate('/contact'));
    expect(shown(router)?.module).toBe('contact/ContactPage');
    router.dispose();
  });

  it('keeps one page per address: the first it was given', async () => {
    vi.mocked(registeredRemotes).mockResolvedValue(
      mapOf([page('/games', 'marketing/GamesPage'), page('/faq', 'marketing/FaqPage')]),
    );
    history.replaceState(null, '', '/games');
    const router = createRouter({ remoteMap: mapOf([games]) });
    await act(() => router.navigate('/faq'));
    await act(() => router.navigate('/games'));
    expect(shown(router)).toEqual(games);
    router.dispose();
  });

  it("shows the shell's Not Found for an address no page of the map has, and why where the map cannot be read", async () => {
    vi.mocked(registeredRemotes).mockResolvedValueOnce(mapOf([games]));
    history.replaceState(null, '', '/games');
    const router = createRouter({ remoteMap: mapOf([games]) });
    await act(() => router.navigate('/nothing-here'));
    expect(shown(router)).toBeUndefined();
    expect(router.state.matches.at(-1)?.route.path).toBe('*');

    vi.mocked(registeredRemotes).mockRejectedValue(new Error('remotes.json is not valid JSON.'));
    const unread = createRouter();
    await act(() => unread.navigate('/contact'));
    expect(unread.state.errors?.[siteRouteId]).toEqual(new Error('remotes.json is not valid JSON.'));
    router.dispose();
    unread.dispose();
  });

  it('reads the map once for a navigation that finds no page, and routes to its pages on the next try', async () => {
    vi.mocked(registeredRemotes)
      .mockRejectedValueOnce(new Error('/remotes.json did not answer within 3 s.'))
      .mockResolvedValue(mapOf([games, page('/contact', 'contact/ContactPage')]));
    const router = createRouter({ siteUnavailable: new RemoteMapError('remotes.json could not be read.') });
    await act(() => router.navigate('/contact'));
    expect(router.state.errors?.[siteRouteId]).toEqual(new Error('/remotes.json did not answer within 3 s.'));
    expect(registeredRemotes).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/contact', { replace: true }));
    expect(shown(router)?.module).toBe('contact/ContactPage');
    router.dispose();
  });

  it('asks anew for the document of an address a page was released at since the tab read its map', async () => {
    const news = page('/games/news', 'games/NewsPage', 'News');
    vi.mocked(registeredRemotes).mockResolvedValue(mapOf([games]));
    vi.mocked(fetchRemoteMap).mockResolvedValue(mapOf([games, news]));
    const loadDocument = vi.fn();
    history.replaceState(null, '', '/games');
    const router = createRouter({ remoteMap: mapOf([games]) }, { loadDocument });
    await act(() => router.navigate('/games/news'));
    expect(loadDocument).toHaveBeenCalledWith('/games/news');
    // An address no page has, then or now, is the shell's Not Found, in the tab.
    loadDocument.mockClear();
    await act(() => router.navigate('/nothing-here'));
    expect(loadDocument).not.toHaveBeenCalled();
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });
});
