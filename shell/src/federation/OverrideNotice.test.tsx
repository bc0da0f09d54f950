import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '@nova/ui/providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { endOverride, OverrideNotice } from './OverrideNotice.tsx';
import { emptyMap, type RemoteMap } from './remote-map-reader.ts';

const noOverride = emptyMap();

/** Renders the notice in a route whose loader gives `map`, and waits until that route shows. */
const renderWith = async (map: RemoteMap) => {
  const page = (
    <>
      <OverrideNotice />
      <p>The page</p>
    </>
  );
  render(
    <Providers>
      <RouterProvider router={createMemoryRouter([{ path: '/', loader: () => map, element: page }])} />
    </Providers>,
  );
  await screen.findByText('The page');
};

describe('OverrideNotice', () => {
  it('says which slice this browser sees from a dev server, and offers to end it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/terms-and-conditions' });
    try {
      await renderWith({ ...noOverride, overrides: { legal: 'http://localhost:5176' } });
      const notice = screen.getByRole('complementary', { name: 'Development override' });
      expect(notice).toHaveTextContent(
        'legal from http://localhost:5176: your local sources, shown in this browser only.',
      );
      await userEvent.click(screen.getByRole('button', { name: 'End override' }));
      expect(assign).toHaveBeenCalledWith('/terms-and-conditions?override=off');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows nothing without an override', async () => {
    await renderWith(noOverride);
    expect(screen.queryByRole('complementary', { name: 'Development override' })).toBeNull();
  });

  it('ends the override at the page it is on, where the server clears it', () => {
    const assign = vi.fn();
    endOverride({ location: { assign, pathname: '/contact' } });
    expect(assign).toHaveBeenCalledWith('/contact?override=off');
  });
});
