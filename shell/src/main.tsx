import { Providers } from '@nova/ui/providers';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { takeDataBlock } from '../document/data-block.js';
import { renderedOnServer, ServerRenderContext } from './composition/server-render-context.ts';
import './federation/provided-to-slices.ts';
import { startPreview } from './federation/preview.ts';
import { RemoteMapError } from './federation/remote-map-error.ts';
import { remoteMapFromServer } from './federation/remote-map-reader.ts';
import { startFromServer } from './federation/runtime.ts';
import { replaceWithCanonicalPath } from './navigation/canonical-path.ts';
import { createRouter } from './router.tsx';
import { hydrationErrorReports } from './telemetry/hydration-errors.ts';
import { pageSignals } from './telemetry/page-signals.ts';
import { reportPageViews, sliceShown } from './telemetry/page-views.ts';
import { WhenLive } from './telemetry/WhenLive.tsx';

const container = document.getElementById('root')!;
const dataBlock = takeDataBlock();
const canonical = replaceWithCanonicalPath();
const previewing = startPreview();

// The server's HTML hydrates when this tab loads the versions it was composed from, at its address.
const hydrating = dataBlock && canonical && !previewing ? dataBlock : undefined;
const router = createRouter(
  hydrating &&
    (hydrating.siteUnavailable === undefined
      ? { remoteMap: startFromServer(remoteMapFromServer(hydrating)) }
      : { siteUnavailable: new RemoteMapError(hydrating.siteUnavailable, { composed: true }) }),
);
// Field signals (telemetry/): a page view per page shown; sent, and Web Vitals measured, once live.
reportPageViews(router, pageSignals.pageView);
const live = () => pageSignals.start(sliceShown(router.state));
const app = (
  <StrictMode>
    <WhenLive onLive={live}>
      <ServerRenderContext value={hydrating && renderedOnServer(hydrating)}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </ServerRenderContext>
    </WhenLive>
  </StrictMode>
);
// As a transition, hydration yields to the browser between small pieces of work instead of
// holding the main thread in long tasks.
const errorReports = hydrationErrorReports(pageSignals, () => sliceShown(router.state));
if (hydrating) startTransition(() => void hydrateRoot(container, app, errorReports));
else createRoot(container).render(app);
