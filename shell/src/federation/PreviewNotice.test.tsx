import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '@nova/ui/providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { endPreview } from './preview.ts';
import { PreviewNotice } from './PreviewNotice.tsx';
import { emptyMap, type RemoteMap } from './remote-map-reader.ts';

vi.mock('./preview.ts', () => ({ endPreview: vi.fn() }));

/** Renders the notice in a route whose loader gives `map`, and waits until that route shows. */
const renderWith = async (map: RemoteMap) => {
  const page = (
    <>
      <PreviewNotice />
      <p>The page</p>
    </>
  );
  const router = createMemoryRouter([{ path: '/', loader: () => map, element: page }]);
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  // The route's element, not the router's state: React may render the loaded route a moment later.
  await screen.findByText('The page');
};

describe('PreviewNotice', () => {
  it('says plainly which unreleased versions the tab shows, and ends the preview', async () => {
    await renderWith({ ...emptyMap(), previews: { legal: '1.2.0-3fa9c21b' } });
    const notice = screen.getByRole('complementary', { name: 'Preview' });
    expect(notice).toHaveTextContent('Preview of legal 1.2.0-3fa9c21b: not released, shown in this tab only.');
    await userEvent.click(screen.getByRole('button', { name: 'End preview' }));
    expect(endPreview).toHaveBeenCalled();
  });

  it('shows nothing without a preview', async () => {
    await renderWith(emptyMap());
    expect(screen.queryByRole('complementary', { name: 'Preview' })).toBeNull();
  });
});
