import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { routes } from '@nova/contracts/routes';
import { createBrowserRouter } from 'react-router-dom';
import { OverrideNotice } from './federation/OverrideNotice.tsx';
import { PreviewNotice } from './federation/PreviewNotice.tsx';
import { RemoteSlot } from './federation/RemoteSlot.tsx';
import type { RemoteMapError } from './federation/remote-map-error.ts';
import type { RemoteMap } from './federation/remote-map-reader.ts';
import { loadRemotePage, registeredRemotes } from './federation/runtime.ts';
import { siteRouteId, siteRoutes } from './routes.tsx';

/** What the server rendered the page with: its remote map, or why the site could not load its pages. */
export type ServerRouteData = { remoteMap: RemoteMap } | { siteUnavailable: RemoteMapError };

/**
 * The browser's router. Every page needs the remote map (one that cannot be read says so, with
 * a Retry); a page's loader starts fetching the page as the route is matched. Given what the
 * server rendered with, the router starts as the server rendered it, without running loaders.
 */
export function createRouter(hydrating?: ServerRouteData) {
  const hydrationData =
    hydrating &&
    ('siteUnavailable' in hydrating
      ? { errors: { [siteRouteId]: hydrating.siteUnavailable } }
      : {
          loaderData: {
            [siteRouteId]: hydrating.remoteMap,
            ...Object.fromEntries(Object.values(routes).map(({ page }) => [page, null])),
          },
        });
  return createBrowserRouter(
    siteRoutes({
      slot: (id: RemoteModuleId) => <RemoteSlot key={id} module={id} />,
      notices: (
        <>
          <PreviewNotice />
          <OverrideNotice />
        </>
      ),
      loaders: {
        site: () => registeredRemotes(),
        page: (id) => {
          void loadRemotePage(id).catch(() => undefined);
          return null;
        },
      },
    }),
    { hydrationData },
  );
}
