import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteModule, registerRemotesFromConfig, remoteTimeoutMs, retryRemoteModule } from './runtime.ts';

vi.mock('@module-federation/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const remotesJson = {
  marketing: 'http://localhost:4174/remoteEntry.js',
  games: 'http://localhost:4175/remoteEntry.js',
  legal: 'http://localhost:4176/remoteEntry.js',
  contact: 'http://localhost:4177/remoteEntry.js',
};

describe('the remote loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(remotesJson)));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(loadRemote).mockReset();
    vi.mocked(registerRemotes).mockReset();
  });

  it('registers every remote of /remotes.json as an ES module, fetched without the cache', async () => {
    await registerRemotesFromConfig();
    expect(fetch).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotes).toHaveBeenCalledWith(
      Object.entries(remotesJson).map(([name, entry]) => ({ name, entry, type: 'module' })),
    );
  });

  it('reports a missing /remotes.json with its status', async () => {
    vi.mocked(fetch).mockResolvedValueOnce(new Response('', { status: 404, statusText: 'Not Found' }));
    await expect(registerRemotesFromConfig()).rejects.toThrow('Could not load /remotes.json (404 Not Found).');
  });

  it('resolves with the module the remote delivers', async () => {
    const module = { default: () => null };
    vi.mocked(loadRemote).mockResolvedValueOnce(module);
    await expect(loadRemoteModule('legal/TermsPage')).resolves.toBe(module);
    expect(loadRemote).toHaveBeenCalledWith('legal/TermsPage');
  });

  it(`gives up on a remote that has not answered after ${remoteTimeoutMs} ms`, async () => {
    vi.mocked(loadRemote).mockReturnValueOnce(new Promise(() => {}));
    const outcome = vi.fn();
    loadRemoteModule('games/GamesPage').then(outcome, outcome);

    await vi.advanceTimersByTimeAsync(remoteTimeoutMs - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(new Error('games/GamesPage did not answer within 5 s.'));
  });

  it('fails when the runtime delivers nothing', async () => {
    vi.mocked(loadRemote).mockResolvedValueOnce(null);
    await expect(loadRemoteModule('contact/ContactPage')).rejects.toThrow('contact/ContactPage could not be loaded.');
  });

  it('re-registers a remote under a fresh entry URL on every retry, then loads the module', async () => {
    const module = { default: () => null };
    vi.mocked(loadRemote).mockResolvedValue(module);
    await registerRemotesFromConfig();
    await expect(retryRemoteModule('games/GamePage')).resolves.toBe(module);
    await retryRemoteModule('games/GamesPage');
    expect(loadRemote).toHaveBeenCalledWith('games/GamePage');
    expect(vi.mocked(registerRemotes).mock.calls.slice(1)).toEqual([
      [[{ name: 'games', entry: 'http://localhost:4175/remoteEntry.js?retry=1', type: 'module' }], { force: true }],
      [[{ name: 'games', entry: 'http://localhost:4175/remoteEntry.js?retry=2', type: 'module' }], { force: true }],
    ]);
  });
});
