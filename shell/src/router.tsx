import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { pageAt } from '@nova/contracts/pages';
import { canonicalPath } from '@nova/contracts/routes';
import { createBrowserRouter } from 'react-router-dom';
import { OverrideNotice } from './federation/OverrideNotice.tsx';
import { PreviewNotice } from './federation/PreviewNotice.tsx';
import { RemoteSlot } from './federation/RemoteSlot.tsx';
import type { RemoteMapError } from './federation/remote-map-error.ts';
import { fetchRemoteMap, type RemoteMap } from './federation/remote-map-reader.ts';
import { loadRemotePage, registeredRemotes } from './federation/runtime.ts';
import { pageRoutes, siteRouteId, siteRoutes, type PageRoute } from './routes.tsx';

/** Whether the environment's map now has a page at `pathname` (the tab's may not). */
const releasedSince = (pathname: string) =>
  fetchRemoteMap().then(
    (now) => Boolean(pageAt(now.pages, pathname)),
    () => false,
  );

/** What the server rendered the page with: its remote map, or why the site could not load its pages. */
export type ServerRouteData = { remoteMap: RemoteMap } | { siteUnavailable: RemoteMapError };

/**
 * The browser's router. Its pages are the map's: it starts with the page the server composed (none
 * on a static document), and adds every page of the versions this tab loads once it has read the
 * map, which it does the first time an address needs a page it does not have (React Router's
 * `patchRoutesOnNavigation`). Every page needs the map (one that cannot be read says so, with a
 * Retry); a page's loader starts fetching the page as the route is matched. Given what the server
 * rendered with, the router starts as the server rendered it, without running loaders.
 * `loadDocument`: how an address is asked for anew as a whole document (a page released since the
 * tab opened).
 */
export function createRouter(
  hydrating?: ServerRouteData,
  { loadDocument = (path: string) => location.assign(path) } = {},
) {
  const initial = hydrating && 'remoteMap' in hydrating ? hydrating.remoteMap.pages : [];
  const hydrationData =
    hydrating &&
    ('siteUnavailable' in hydrating
      ? { errors: { [siteRouteId]: hydrating.siteUnavailable } }
      : {
          loaderData: {
            [siteRouteId]: hydrating.remoteMap,
            ...Object.fromEntries(initial.map(({ path }) => [path, null])),
          },
        });
  const slot = (page: PageRoute) => <RemoteSlot key={page.module} page={page} />;
  /** The map read a navigation's route patching started: its site loader takes it, not a read of its own. */
  let navigationRead: ReturnType<typeof registeredRemotes> | undefined;
  const loaders = {
    site: () => {
      const read = navigationRead ?? registeredRemotes();
      navigationRead = undefined;
      return read;
    },
    page: (id: RemoteModuleId) => {
      void loadRemotePage(id).catch(() => undefined);
      return null;
    },
  };
  /** The addresses routed to: each has one page, the first the tab was given for it. */
  const routed = new Set(initial.map(({ path }) => path));
  return createBrowserRouter(
    siteRoutes({
      slot,
      pages: initial,
      loaders,
      notices: (
        <>
          <PreviewNotice />
          <OverrideNotice />
        </>
      ),
    }),
    {
      hydrationData,
      async patchRoutesOnNavigation({ path, patch }) {
        // A map that cannot be read adds nothing: the site's loader says why (from this read, not
        // another round of attempts), with a Retry.
        navigationRead = registeredRemotes();
        const map = await navigationRead.catch(() => undefined);
        if (!map) return;
        const added: PageRoute[] = [];
        for (const page of map.pages) {
          if (routed.has(page.path)) continue;
          routed.add(page.path);
          added.push(page);
        }
        if (added.length > 0) patch(siteRouteId, pageRoutes(added, { slot, loaders }));
        // An address no page of this tab's versions has may be one released since the tab opened:
        // then the document is asked for anew, composed with the versions (and the origins) of now.
        const pathname = canonicalPath(new URL(path, location.href).pathname);
        if (!pageAt(map.pages, pathname) && (await releasedSince(pathname))) loadDocument(path);
      },
    },
  );
}
