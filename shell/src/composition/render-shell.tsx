// The shell's server entry: built for Node (dist-server/), used by the composer (shell/server).
import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { Providers } from '@nova/ui/providers';
import { createContext, Suspense, use } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { RemoteMapError } from '../federation/remote-map-error.ts';
import { SlotContent } from '../federation/SlotContent.tsx';
import { Waiting } from '../federation/Waiting.tsx';
import { pageOfRoute, siteRoutes, type PageRoute } from '../routes.tsx';
import { renderedOnServer, ServerRenderContext } from './server-render-context.ts';

/** The slot's server HTML, for the page's element: its fragment, or none (the loading placeholder). */
const SlotHtml = createContext<string | undefined>(undefined);

/** The slot as the server renders it: the page's fragment, or the loading placeholder with the page's title. */
function ServerSlot({ page }: { page: PageRoute }) {
  const html = use(SlotHtml);
  return html === undefined ? (
    <Waiting title={page.title} />
  ) : (
    <Suspense>
      <SlotContent module={page.module} html={html} />
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

export type { PageRoute };

/** Why no page can load: for the site's loader, per request (`requestContext`). */
interface SiteState {
  siteUnavailable: string;
}

const slot = (page: PageRoute) => <ServerSlot page={page} />;

/**
 * The route tables as the server renders them, each built once: for the page an address shows
 * (its own route and the shell's Not Found, all a render needs), and with the site's loader failing
 * with the reason where no page can load. The server composes released versions only (a tab that
 * previews renders in the browser), so it loads nothing.
 */
const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();
function handlerFor(page: PageRoute | undefined, siteUnavailable: boolean) {
  const key = `${siteUnavailable} ${page?.path} ${page?.module} ${page?.title}`;
  let handler = handlers.get(key);
  if (!handler) {
    // A slice's versions name a few dozen pages at most: a bound only against the unexpected.
    if (handlers.size >= 256) handlers.clear();
    handler = createStaticHandler(
      siteRoutes({
        slot,
        pages: page ? [page] : [],
        ...(siteUnavailable && {
          loaders: {
            site: ({ context }: { context: unknown }) => {
              throw new RemoteMapError((context as SiteState).siteUnavailable, { composed: true });
            },
          },
        }),
      }),
    );
    handlers.set(key, handler);
  }
  return handler;
}

/**
 * The shell at `path` with the page it shows there (none: the shell's Not Found), matched once
 * (React Router's static handler), and its render. `siteUnavailable`: why no page can load, if
 * none can (the site's loader fails with it).
 */
export async function matchShell({
  path,
  siteUnavailable,
  page,
}: {
  path: string;
  siteUnavailable?: string;
  page?: PageRoute;
}): Promise<MatchedShell> {
  const { dataRoutes, query } = handlerFor(page, siteUnavailable !== undefined);
  const requestContext: Partial<SiteState> = { siteUnavailable };
  const context = await query(new Request(new URL(path, 'http://shell.invalid')), { requestContext });
  if (context instanceof Response) throw new Error(`${path} redirects; the shell has no redirects.`);
  const route = context.matches.at(-1)?.route;
  return {
    page: route && pageOfRoute(route)?.module,
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
