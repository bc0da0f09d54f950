import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { Spinner } from '@nova/ui/spinner';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { PreviewNotice } from './federation/PreviewNotice.tsx';
import { RemoteSlot } from './federation/RemoteSlot.tsx';
import { loadRemotePage, registeredRemotes } from './federation/runtime.ts';
import { Layout } from './layout/Layout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';

/** A route that renders a remote's page; its loader starts fetching the page as the route is matched. */
const remoteRoute = (id: RemoteModuleId, route: Omit<RouteObject, 'children'>): RouteObject => ({
  ...route,
  loader: () => {
    void loadRemotePage(id).catch(() => undefined);
    return null;
  },
  element: <RemoteSlot key={id} module={id} />,
});

/** The route table: each path renders its remote's exposed page inside the layout. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        {
          // Every page needs the remote map; one that cannot be read says so, with a Retry.
          loader: () => registeredRemotes(),
          element: (
            <>
              <PreviewNotice />
              <Outlet />
            </>
          ),
          hydrateFallbackElement: <Spinner />,
          errorElement: <RouteErrorPage />,
          children: [
            remoteRoute('marketing/HomePage', { index: true }),
            remoteRoute('games/GamesPage', { path: 'games' }),
            remoteRoute('games/GamePage', { path: 'games/:gameId' }),
            remoteRoute('contact/ContactPage', { path: 'contact' }),
            remoteRoute('legal/TermsPage', { path: 'terms-and-conditions' }),
            remoteRoute('legal/PrivacyPage', { path: 'privacy-policy' }),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
