import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '@nova/ui/providers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoteSlot } from './RemoteSlot.tsx';
import { loadRemoteModule, retryRemoteModule } from './runtime.ts';

vi.mock('./runtime.ts', () => ({ loadRemoteModule: vi.fn(), retryRemoteModule: vi.fn() }));

const gamesPage = { default: () => <h1>All games</h1> };

// The slot suspends on its first render, so rendering is awaited.
const renderSlot = () =>
  act(async () => {
    render(
      <Providers>
        <RemoteSlot module="games/GamesPage" />
      </Providers>,
    );
  });

describe('RemoteSlot', () => {
  afterEach(() => vi.mocked(loadRemoteModule).mockReset());

  it('shows a spinner while the remote loads, then its page', async () => {
    let deliver!: (module: typeof gamesPage) => void;
    vi.mocked(loadRemoteModule).mockReturnValueOnce(new Promise((resolve) => (deliver = resolve)));
    await renderSlot();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => deliver(gamesPage));
    expect(await screen.findByRole('heading', { name: 'All games' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the fallback when the remote fails, and Retry loads that remote again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadRemoteModule).mockRejectedValueOnce(new Error('RUNTIME-008'));
    vi.mocked(retryRemoteModule).mockResolvedValueOnce(gamesPage);
    await renderSlot();
    expect(await screen.findByRole('heading', { name: 'This section is unavailable right now' })).toBeInTheDocument();

    const retry = screen.getByRole('button', { name: 'Retry' });
    await act(async () => userEvent.click(retry));
    expect(retryRemoteModule).toHaveBeenCalledWith('games/GamesPage');
    expect(await screen.findByRole('heading', { name: 'All games' })).toBeInTheDocument();
  });

  it('keeps a crash inside the page to the slot', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadRemoteModule).mockResolvedValueOnce({
      default: () => {
        throw new Error('render failed');
      },
    });
    await renderSlot();
    expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable right now');
  });
});
