// The shell's server entry: built for Node (dist-server/), used by the composer (shell/server).
import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { Providers } from '@nova/ui/providers';
import { Spinner } from '@nova/ui/spinner';
import { createContext, Suspense, use } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { RemoteMapError } from '../federation/remote-map-error.ts';
import { SlotContent } from '../federation/SlotContent.tsx';
import { siteRoutes } from '../routes.tsx';
import { renderedOnServer, ServerRenderContext } from './server-render-context.ts';

/** The slot's server HTML, for the page's element: its fragment, or none (the loading placeholder). */
const SlotHtml = createContext<string | undefined>(undefined);

function ServerSlot({ id }: { id: RemoteModuleId }) {
  const html = use(SlotHtml);
  return html === undefined ? (
    <Spinner />
  ) : (
    <Suspense>
      <SlotContent module={id} html={html} />
    </Suspense>
  );
}

/** The shell at a path, matched: the page it shows, and its render with that page's server HTML. */
export interface MatchedShell {
  /** The remote page the path shows, if any (Not Found has none). */
  page?: RemoteModuleId;
  /**
   * The layout with the page's fragment in its slot, or the loading placeholder without one, or
   * the site-level message when no page can load; Emotion's style tags inline, before what they style.
   */
  render: (options: { slotHtml?: string; year: number }) => { html: string; status: number };
}

/** Why no page can load: for the site's loader, per request (`requestContext`). */
interface SiteState {
  siteUnavailable: string;
}

const slot = (id: RemoteModuleId) => <ServerSlot id={id} />;
/**
 * The route table as the server renders it, built once. The server composes released versions
 * only (a tab that previews renders in the browser), so it loads nothing; where no page can load,
 * the site's loader fails with the reason.
 */
const handlers = {
  site: createStaticHandler(siteRoutes({ slot })),
  siteUnavailable: createStaticHandler(
    siteRoutes({
      slot,
      loaders: {
        site: ({ context }) => {
          throw new RemoteMapError((context as SiteState).siteUnavailable);
        },
      },
    }),
  ),
};

/**
 * Matches `path` against the route table once (React Router's static handler), for the composer
 * to pick the page's slice and fragment before it renders. `siteUnavailable`: why no page
 * can load, if none can (the site's loader fails with it).
 */
export async function matchShell({
  path,
  siteUnavailable,
}: {
  path: string;
  siteUnavailable?: string;
}): Promise<MatchedShell> {
  const { dataRoutes, query } = siteUnavailable === undefined ? handlers.site : handlers.siteUnavailable;
  const requestContext: Partial<SiteState> = { siteUnavailable };
  const context = await query(new Request(new URL(path, 'http://shell.invalid')), { requestContext });
  if (context instanceof Response) throw new Error(`${path} redirects; the shell has no redirects.`);
  const id = context.matches.at(-1)?.route.id;
  return {
    page: id?.includes('/') ? (id as RemoteModuleId) : undefined,
    render: ({ slotHtml, year }) => ({
      html: renderToString(
        <ServerRenderContext
          value={renderedOnServer({ year, slot: slotHtml === undefined ? 'placeholder' : 'fragment' })}
        >
          <SlotHtml value={slotHtml}>
            <Providers>
              <StaticRouterProvider
                router={createStaticRouter(dataRoutes, context)}
                context={context}
                hydrate={false}
              />
            </Providers>
          </SlotHtml>
        </ServerRenderContext>,
      ),
      status: context.statusCode,
    }),
  };
}
