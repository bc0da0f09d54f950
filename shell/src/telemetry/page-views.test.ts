import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { siteRoutes } from '../routes.tsx';
import { reportPageViews, sliceShown } from './page-views.ts';

/** The pages a map names, as the router routes to them. */
const pages = [
  { path: '/', module: 'marketing/HomePage', title: 'Home' },
  { path: '/games', module: 'games/GamesPage', title: 'Games' },
  { path: '/games/:gameId', module: 'games/GamePage', title: 'Game' },
  { path: '/terms-and-conditions', module: 'legal/TermsPage', title: 'Terms and Conditions' },
] as const;
const router = (path: string) =>
  createMemoryRouter(siteRoutes({ slot: () => null, pages }), { initialEntries: [path] });

it('reports the page shown first, then one view per navigation, each by its slice', async () => {
  const shown = router('/games');
  const pageView = vi.fn();
  const stop = reportPageViews(shown, pageView);
  expect(pageView.mock.calls).toEqual([['games']]);
  await act(() => shown.navigate('/terms-and-conditions'));
  await act(() => shown.navigate('/games/some-game'));
  await act(() => shown.navigate('/games/another-game'));
  expect(pageView.mock.calls).toEqual([['games'], ['legal'], ['games'], ['games']]);
  stop();
});

it('knows no slice for a page of the shell (Not Found)', () => {
  expect(sliceShown(router('/no-such-page').state)).toBeUndefined();
  expect(sliceShown(router('/').state)).toBe('marketing');
});
