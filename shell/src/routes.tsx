import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { Spinner } from '@nova/ui/spinner';
import type { ReactNode } from 'react';
import { Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';

/** The id of the route every page is under; its loader reads the remote map. */
export const siteRouteId = 'site';

/**
 * A page as the router routes to it: its address pattern, the module id of the exposed module that
 * renders it (`games/GamePage`: its route's id too) and its title. The portal's pages are data of
 * its slices' versions (the remote map, the data block), never of the shell's build.
 */
export interface PageRoute {
  path: string;
  module: RemoteModuleId;
  title: string;
}

interface SiteRoutes {
  /** What renders a remote's page: the browser's RemoteSlot, or the server's fragment. */
  slot: (page: PageRoute) => ReactNode;
  /** The pages routed to, so far: more are added as the map that names them is read (`pageRoutes`). */
  pages: readonly PageRoute[];
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

/** The page a matched route shows, if it is a slice's page (not one of the shell's own, like Not Found). */
export const pageOfRoute = (route: { handle?: unknown }) => route.handle as PageRoute | undefined;

/**
 * The routes of some pages, each rendering its slice's exposed page: its route's id is its address
 * (one page per address), its handle the page.
 */
export function pageRoutes(
  pages: readonly PageRoute[],
  { slot, loaders }: Pick<SiteRoutes, 'slot' | 'loaders'>,
): RouteObject[] {
  return pages.map((page) => ({
    id: page.path,
    path: page.path,
    handle: page,
    loader: loaders?.page && (() => loaders.page?.(page.module)),
    element: slot(page),
  }));
}

/**
 * The route table, for the browser and the server alike: the layout, the site's route (its loader
 * reads the remote map, its error screen shows why no page can load), the pages given, and the
 * shell's Not Found for every other address.
 */
export function siteRoutes({ slot, pages, loaders, notices }: SiteRoutes): RouteObject[] {
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
          children: [...pageRoutes(pages, { slot, loaders }), { path: '*', element: <NotFoundPage /> }],
        },
      ],
    },
  ];
}
