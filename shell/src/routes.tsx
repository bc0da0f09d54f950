import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { routes } from '@nova/contracts/routes';
import { Spinner } from '@nova/ui/spinner';
import type { ReactNode } from 'react';
import { Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';

/** The id of the route every page is under; its loader reads the remote map. */
export const siteRouteId = 'site';

interface SiteRoutes {
  /** What renders a remote's page: the browser's RemoteSlot, or the server's fragment. */
  slot: (id: RemoteModuleId) => ReactNode;
  /**
   * The loaders: the site's reads the remote map (on the server, fails when no page can load); a
   * page's starts fetching the page (in the browser).
   */
  loaders?: { site: (args: LoaderFunctionArgs) => unknown; page?: (id: RemoteModuleId) => unknown };
  /**
   * What the browser says above every page of a tab that sees what visitors do not (a preview, an
   * override). The server renders none: it composes what visitors see.
   */
  notices?: ReactNode;
}

/**
 * The route table, for the browser and the server alike: each page of the routes contract
 * renders its remote's exposed page (route id: the page's id) inside the layout.
 */
export function siteRoutes({ slot, loaders, notices }: SiteRoutes): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        {
          id: siteRouteId,
          loader: loaders?.site,
          element: (
            <>
              {notices}
              <Outlet />
            </>
          ),
          hydrateFallbackElement: <Spinner />,
          errorElement: <RouteErrorPage />,
          children: [
            ...Object.values(routes).map(({ path, page }) => ({
              id: page,
              path,
              loader: loaders?.page && (() => loaders.page?.(page)),
              element: slot(page),
            })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
