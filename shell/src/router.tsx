import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { routes } from '@nova/contracts/routes';
import { Spinner } from '@nova/ui/spinner';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { PreviewNotice } from './federation/PreviewNotice.tsx';
import { RemoteSlot } from './federation/RemoteSlot.tsx';
import { loadRemotePage, registeredRemotes } from './federation/runtime.ts';
import { Layout } from './layout/Layout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';

/** A route that renders a remote's page; its loader starts fetching the page as the route is matched. */
const remoteRoute = ({ path, page: id }: { path: string; page: RemoteModuleId }): RouteObject => ({
  path,
  loader: () => {
    void loadRemotePage(id).catch(() => undefined);
    return null;
  },
  element: <RemoteSlot key={id} module={id} />,
});

/** The route table: each page of the routes contract renders its remote's exposed page inside the layout. */
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
            ...Object.values(routes).map(remoteRoute),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
