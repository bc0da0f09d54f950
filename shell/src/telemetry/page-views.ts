import type { RemoteModuleId, RemoteName } from '@nova/contracts/remote-modules';
import { routes, splitPage } from '@nova/contracts/routes';
import type { createBrowserRouter } from 'react-router-dom';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

const pageIds = new Set<string>(Object.values(routes).map(({ page }) => page));

/** The slice whose page the router shows (none: a page of the shell's own, like Not Found). */
export function sliceShown({ matches }: Router['state']): RemoteName | undefined {
  const id = matches.at(-1)?.route.id;
  return id && pageIds.has(id) ? splitPage(id as RemoteModuleId).remote : undefined;
}

/** Reports a page view for each page the router shows: the first, then one per navigation. */
export function reportPageViews(router: Router, pageView: (slice: RemoteName) => void): () => void {
  let shown: string | undefined;
  const look = (state: Router['state']) => {
    if (!state.initialized || state.navigation.state !== 'idle' || state.location.key === shown) return;
    shown = state.location.key;
    const slice = sliceShown(state);
    if (slice) pageView(slice);
  };
  look(router.state);
  return router.subscribe(look);
}
