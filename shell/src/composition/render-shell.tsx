// The shell's server entry: built for Node (dist-server/), used by the composing server (shell/server).
import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { Providers } from '@nova/ui/providers';
import { Spinner } from '@nova/ui/spinner';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { RemoteMapError, type RemoteMap } from '../federation/remote-map.ts';
import { SlotContent } from '../federation/SlotContent.tsx';
import { siteRoutes } from '../routes.tsx';
import { renderedOnServer, ServerRenderContext } from './server-render-context.ts';

/** The remote page a path shows, if any (Not Found has none). */
export function pageAt(path: string): RemoteModuleId | undefined {
  const matches = matchRoutes(siteRoutes({ slot: () => null }), path);
  const id = matches?.at(-1)?.route.id;
  return id?.includes('/') ? (id as RemoteModuleId) : undefined;
}

/**
 * The shell's layout at `path`, with the page's fragment in its slot, or the loading
 * placeholder without one, or the site-level message when no page can load (`siteUnavailable`:
 * why); Emotion's style tags inline, before what they style.
 */
export async function renderShell({
  path,
  slotHtml,
  siteUnavailable,
  year,
}: {
  path: string;
  slotHtml?: string;
  siteUnavailable?: string;
  year: number;
}) {
  const slot = (id: RemoteModuleId) =>
    slotHtml === undefined ? (
      <Spinner />
    ) : (
      <Suspense>
        <SlotContent module={id} html={slotHtml} />
      </Suspense>
    );
  // The server composes released versions only: no previews (a tab that previews renders in the browser).
  const remoteMap: RemoteMap = { entries: {}, problems: {}, previews: {}, versions: {} };
  const site = () => {
    if (siteUnavailable !== undefined) throw new RemoteMapError(siteUnavailable);
    return remoteMap;
  };
  const { dataRoutes, query } = createStaticHandler(siteRoutes({ slot, loaders: { site, page: () => null } }));
  const context = await query(new Request(new URL(path, 'http://shell.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects; the shell has no redirects.`);
  const router = createStaticRouter(dataRoutes, context);
  const html = renderToString(
    <ServerRenderContext value={renderedOnServer({ year, slot: slotHtml === undefined ? 'placeholder' : 'fragment' })}>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </ServerRenderContext>,
  );
  return { html, status: context.statusCode };
}
