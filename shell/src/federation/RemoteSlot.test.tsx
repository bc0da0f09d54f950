import { act, render, screen } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { pageTitle } from '@nova/ui/site-config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteSlot, remoteTimeoutMs } from './RemoteSlot.tsx';
import { loadRemotePage, retryRemotePage } from './runtime.ts';
import { pageSignals } from '../telemetry/page-signals.ts';

vi.mock('./runtime.ts', () => ({ loadRemotePage: vi.fn(), retryRemotePage: vi.fn() }));
vi.mock('../telemetry/page-signals.ts', () => ({ pageSignals: { failure: vi.fn() } }));
const failures = () => vi.mocked(pageSignals.failure).mock.calls.map(([slice, kind]) => [slice, kind]);

const gamesPage = { default: () => <h1>All games</h1> };
const unavailable = () => screen.queryByRole('heading', { name: 'This section is unavailable right now' });

/** A load the test settles when it wants. */
function pendingLoad() {
  let deliver!: (module: typeof gamesPage) => void;
  let fail!: (error: Error) => void;
  const page = new Promise<typeof gamesPage>((resolve, reject) => ((deliver = resolve), (fail = reject)));
  return {
    page,
    deliver: (module = gamesPage) => act(async () => deliver(module)),
    fail: (error: Error) => act(async () => fail(error)),
  };
}

// The slot suspends on its first render, so rendering is awaited.
const renderSlot = () =>
  act(async () => {
    render(
      <Providers>
        <RemoteSlot page={{ path: '/games', module: 'games/GamesPage', title: 'Games' }} />
      </Providers>,
    );
  });

const clickRetry = () => act(async () => screen.getByRole('button', { name: 'Retry' }).click());

describe('RemoteSlot', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(loadRemotePage).mockReset();
    vi.mocked(retryRemotePage).mockReset();
    vi.mocked(pageSignals.failure).mockReset();
  });

  it('shows a spinner while the remote loads, then its page', async () => {
    const load = pendingLoad();
    vi.mocked(loadRemotePage).mockReturnValueOnce(load.page);
    await renderSlot();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(document.title).toBe(pageTitle('Games'));
    await load.deliver();
    expect(screen.getByRole('heading', { name: 'All games' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it(`counts a remote that has not answered after ${remoteTimeoutMs} ms as unavailable`, async () => {
    vi.mocked(loadRemotePage).mockReturnValueOnce(pendingLoad().page);
    await renderSlot();
    await act(async () => vi.advanceTimersByTime(remoteTimeoutMs - 1));
    expect(unavailable()).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(unavailable()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(failures()).toEqual([['games', 'load']]);
  });

  it('replaces the fallback by itself when a slow remote arrives after all', async () => {
    const load = pendingLoad();
    vi.mocked(loadRemotePage).mockReturnValueOnce(load.page);
    await renderSlot();
    await act(async () => vi.advanceTimersByTime(remoteTimeoutMs + 2000));
    expect(unavailable()).toBeInTheDocument();
    await load.deliver();
    expect(screen.getByRole('heading', { name: 'All games' })).toBeInTheDocument();
    expect(unavailable()).toBeNull();
  });

  it('shows the fallback when the remote fails, and Retry loads that remote again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = pendingLoad();
    vi.mocked(loadRemotePage).mockReturnValueOnce(load.page);
    await renderSlot();
    await load.fail(new Error('RUNTIME-008'));
    expect(unavailable()).toBeInTheDocument();
    expect(failures()).toEqual([['games', 'load']]);

    const retry = pendingLoad();
    vi.mocked(retryRemotePage).mockReturnValueOnce(retry.page);
    await clickRetry();
    expect(retryRemotePage).toHaveBeenCalledWith('games/GamesPage');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await retry.deliver();
    expect(screen.getByRole('heading', { name: 'All games' })).toBeInTheDocument();
  });

  it('starts the 5 s anew on Retry', async () => {
    vi.mocked(loadRemotePage).mockReturnValueOnce(pendingLoad().page);
    await renderSlot();
    await act(async () => vi.advanceTimersByTime(remoteTimeoutMs));
    vi.mocked(retryRemotePage).mockReturnValueOnce(pendingLoad().page);
    await clickRetry();
    expect(unavailable()).toBeNull();
    await act(async () => vi.advanceTimersByTime(remoteTimeoutMs));
    expect(unavailable()).toBeInTheDocument();
  });

  it('keeps a crash inside the page to the slot', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadRemotePage).mockResolvedValueOnce({
      default: () => {
        throw new Error('render failed');
      },
    });
    await renderSlot();
    expect(screen.getByRole('alert')).toHaveTextContent('This section is unavailable right now');
    expect(failures()).toEqual([['games', 'render']]);
  });

  it('reports no failure for a page that arrives in time', async () => {
    const load = pendingLoad();
    vi.mocked(loadRemotePage).mockReturnValueOnce(load.page);
    await renderSlot();
    await load.deliver();
    await act(async () => vi.advanceTimersByTime(remoteTimeoutMs * 2));
    expect(failures()).toEqual([]);
  });
});
