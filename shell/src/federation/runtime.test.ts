import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceEnvironment } from '@nova/contracts/environment';
import { sliceVersion } from '@nova/contracts/remote-map';
import { RemoteMapError } from './remote-map-error.ts';
import { emptyMap } from './remote-map-reader.ts';

const integrity = `sha256-${'A'.repeat(43)}=`;

vi.mock('@module-federation/runtime', () => ({
  loadRemote: vi.fn(),
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
}));

const remotesJson = {
  marketing: 'http://localhost:4174/mf-manifest.json',
  games: 'http://localhost:4175/mf-manifest.json',
  legal: 'http://localhost:4176/mf-manifest.json',
  contact: 'javascript:alert(1)',
};
/** Games has a second origin, tried when the first fails; the others one each. */
const gamesOrigins = ['http://localhost:4175', 'http://localhost:4185'];
const remoteMap = {
  environment: workspaceEnvironment((slice) =>
    slice === 'games' ? gamesOrigins : [`http://localhost:${slice.length}`],
  ),
  microFrontends: Object.fromEntries(
    Object.entries(remotesJson).map(([name, url]) => [name, [sliceVersion({ url, version: '1.0.0', integrity })]]),
  ),
};
const page = { default: () => null };
/** The entry of legal the server composed a page with. */
const served = 'http://localhost:4176/1.0.0-server/mf-manifest.json';
/** What the server's data block gives the shell: legal's entry, with its integrity (and version). */
const servedMap = (versions = {}) => ({
  ...emptyMap(),
  entries: { legal: served },
  versions,
  integrities: { legal: integrity },
});

// The runtime module keeps the remote map and the pages it loaded: each test starts afresh.
const freshRuntime = async () => {
  vi.resetModules();
  return import('./runtime.ts');
};

describe('the remote loader', () => {
  beforeEach(() => {
    // The shell as every build runs it (not Vite's dev server): entries carry integrity.
    vi.stubEnv('DEV', false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(remoteMap)),
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.mocked(loadRemote).mockReset();
    vi.mocked(registerRemotes).mockReset();
  });

  it('registers every valid remote of /remotes.json as an ES module, once', async () => {
    const { registeredRemotes } = await freshRuntime();
    await registeredRemotes();
    await registeredRemotes();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledTimes(3);
    for (const name of ['marketing', 'games', 'legal'] as const) {
      expect(registerRemotes).toHaveBeenCalledWith([{ name, entry: remotesJson[name], type: 'module' }], {
        force: false,
      });
    }
  });

  it('reads a map that could not be read, after every retry, again on the next call', async () => {
    vi.useFakeTimers();
    const failure = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    vi.mocked(fetch).mockResolvedValueOnce(failure()).mockResolvedValueOnce(failure()).mockResolvedValueOnce(failure());
    const { registeredRemotes } = await freshRuntime();
    const first = registeredRemotes();
    const outcome = first.catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toEqual(new RemoteMapError('Could not load /remotes.json (500 Internal Server Error).'));
    await expect(registeredRemotes()).resolves.toMatchObject({ entries: { games: remotesJson.games } });
    vi.useRealTimers();
  });

  it('has the federation runtime check what it loads of a slice against its integrity', async () => {
    await freshRuntime();
    expect(registerPlugins).toHaveBeenCalledWith([expect.objectContaining({ name: 'nova-integrity' })]);
  });

  it('loads a page once, shared by every caller', async () => {
    vi.mocked(loadRemote).mockResolvedValue(page);
    const { loadRemotePage } = await freshRuntime();
    const first = loadRemotePage('legal/TermsPage');
    expect(loadRemotePage('legal/TermsPage')).toBe(first);
    await expect(first).resolves.toBe(page);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledWith('legal/TermsPage');
  });

  it('fails a page whose remote has no valid entry, without asking the runtime', async () => {
    const { loadRemotePage } = await freshRuntime();
    await expect(loadRemotePage('contact/ContactPage')).rejects.toThrow(
      'remotes.json\'s released version "1.0.0" of "contact" cannot be used: its URL is not an http(s) URL.',
    );
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('fails when the runtime delivers nothing, and tries again on the next call', async () => {
    vi.mocked(loadRemote).mockResolvedValueOnce(undefined).mockResolvedValueOnce(page);
    const { loadRemotePage } = await freshRuntime();
    await expect(loadRemotePage('legal/TermsPage')).rejects.toThrow('legal/TermsPage could not be loaded.');
    await expect(loadRemotePage('legal/TermsPage')).resolves.toBe(page);
  });

  const forcedEntries = () =>
    vi
      .mocked(registerRemotes)
      .mock.calls.filter(([, options]) => options?.force)
      .map(([[remote]]) => (remote && 'entry' in remote ? remote.entry : undefined));

  it('re-registers a remote under a fresh entry URL on every retry, then loads the page', async () => {
    vi.mocked(loadRemote).mockResolvedValue(page);
    const { retryRemotePage } = await freshRuntime();
    await expect(retryRemotePage('legal/TermsPage')).resolves.toBe(page);
    await retryRemotePage('legal/PrivacyPage');
    expect(vi.mocked(registerRemotes).mock.calls.filter(([, options]) => options?.force)).toEqual([
      [[{ name: 'legal', entry: 'http://localhost:4176/mf-manifest.json?retry=1', type: 'module' }], { force: true }],
      [[{ name: 'legal', entry: 'http://localhost:4176/mf-manifest.json?retry=2', type: 'module' }], { force: true }],
    ]);
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it("loads a page from its slice's next origin when the first fails, and stays there", async () => {
    vi.mocked(loadRemote).mockRejectedValueOnce(new Error('refused')).mockResolvedValue(page);
    const { loadRemotePage } = await freshRuntime();
    await expect(loadRemotePage('games/GamesPage')).resolves.toBe(page);
    await expect(loadRemotePage('games/GamePage')).resolves.toBe(page);
    expect(forcedEntries()).toEqual(['http://localhost:4185/mf-manifest.json']);
    expect(loadRemote).toHaveBeenCalledTimes(3);
  });

  it('leaves an origin that does not answer within its time for the next', async () => {
    vi.useFakeTimers();
    vi.mocked(loadRemote)
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValue(page);
    const { loadRemotePage, originAttemptMs } = await freshRuntime();
    const loaded = loadRemotePage('games/GamesPage');
    await vi.advanceTimersByTimeAsync(originAttemptMs - 1);
    expect(forcedEntries()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loaded).resolves.toBe(page);
    expect(forcedEntries()).toEqual(['http://localhost:4185/mf-manifest.json']);
    vi.useRealTimers();
  });

  it('fails a page only when every origin of its slice failed, and retries on the next one, afresh', async () => {
    vi.mocked(loadRemote).mockRejectedValue(new Error('refused'));
    const { loadRemotePage, retryRemotePage } = await freshRuntime();
    await expect(loadRemotePage('games/GamesPage')).rejects.toThrow('refused');
    expect(loadRemote).toHaveBeenCalledTimes(gamesOrigins.length);
    vi.mocked(loadRemote).mockReset().mockResolvedValue(page);
    await expect(retryRemotePage('games/GamesPage')).resolves.toBe(page);
    expect(forcedEntries()).toEqual([
      'http://localhost:4185/mf-manifest.json',
      'http://localhost:4175/mf-manifest.json?retry=1',
    ]);
  });

  it("starts from the entry the server composed the page with: that slice's pages need no map", async () => {
    vi.mocked(loadRemote).mockResolvedValue(page);
    const { startFromServer, loadRemotePage } = await freshRuntime();
    startFromServer(servedMap());
    await expect(loadRemotePage('legal/TermsPage')).resolves.toBe(page);
    expect(fetch).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'legal', entry: served, type: 'module' }], { force: false });
  });

  it("reads the environment's map for another slice's page, once, and keeps the version the tab loaded", async () => {
    vi.mocked(loadRemote).mockResolvedValue(page);
    const { startFromServer, loadRemotePage } = await freshRuntime();
    startFromServer(servedMap());
    await loadRemotePage('games/GamesPage');
    await loadRemotePage('marketing/HomePage');
    expect(fetch).toHaveBeenCalledTimes(1);
    const registered = vi
      .mocked(registerRemotes)
      .mock.calls.map(([[remote]]) => [remote?.name, remote && 'entry' in remote ? remote.entry : undefined]);
    expect(registered).toEqual([
      ['legal', served],
      ['marketing', remotesJson.marketing],
      ['games', remotesJson.games],
    ]);
  });

  it("knows the version of each remote it loads pages from: the server's, else the map's", async () => {
    const { startFromServer, registeredVersion, registeredRemotes } = await freshRuntime();
    startFromServer(servedMap({ legal: '1.0.0-server' }));
    await expect(registeredVersion('legal')).resolves.toBe('1.0.0-server');
    // Asking never reads the map: the version comes once a page of that remote has it read.
    const games = registeredVersion('games');
    expect(fetch).not.toHaveBeenCalled();
    await registeredRemotes();
    await expect(games).resolves.toBe('1.0.0');
  });

  it('names no version of a slice this tab previews: the team is no visitor, its signals are not sent', async () => {
    const { startFromServer, registeredVersion } = await freshRuntime();
    const previewed = 'http://localhost:4176/1.1.0-preview/mf-manifest.json';
    startFromServer({
      ...emptyMap(),
      entries: { legal: previewed },
      previews: { legal: '1.1.0-preview' },
      versions: { legal: '1.1.0-preview' },
      integrities: { legal: `sha256-${'A'.repeat(43)}=` },
    });
    await expect(registeredVersion('legal')).resolves.toBeUndefined();
  });
});
