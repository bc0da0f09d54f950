import type { RemoteName } from '@nova/contracts/remote-modules';
import { splitPage } from '@nova/contracts/routes';
import type { createBrowserRouter } from 'react-router-dom';
import { pageOfRoute } from '../routes.tsx';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/** The slice whose page the router shows (none: a page of the shell's own, like Not Found). */
export function sliceShown({ matches }: Router['state']): RemoteName | undefined {
  const route = matches.at(-1)?.route;
  const page = route && pageOfRoute(route);
  return page && splitPage(page.module).remote;
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
