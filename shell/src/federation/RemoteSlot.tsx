import type { PageModule } from '@nova/contracts/remote-modules';
import { splitPage } from '@nova/contracts/routes';
import { useHydrated } from '@nova/ui/hydrated';
import { Suspense, use, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ServerRenderContext } from '../composition/server-render-context.ts';
import type { PageRoute } from '../routes.tsx';
import { pageSignals } from '../telemetry/page-signals.ts';
import { loadRemotePage, retryRemotePage } from './runtime.ts';
import { SliceUnavailable } from './SliceUnavailable.tsx';
import { SlotContent } from './SlotContent.tsx';
import { Waiting } from './Waiting.tsx';

/** A remote whose page has not arrived after this long is shown as unavailable. */
export const remoteTimeoutMs = 5000;

/** The loads that failed: what the slot's boundary catches from them is a `load` failure, not `render`. */
const failedLoads = new WeakSet<Promise<PageModule>>();
const watched = (page: Promise<PageModule>) => {
  page.catch(() => failedLoads.add(page));
  return page;
};

function RemotePage({ page }: { page: Promise<PageModule> }) {
  const { default: Page } = use(page);
  return <Page />;
}

/** The spinner, until the remote counts as unavailable; the page still replaces it if it arrives. */
function Loading({ title, onRetry, onLate }: { title: string; onRetry: () => void; onLate: () => void }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setLate(true);
      onLate();
    }, remoteTimeoutMs);
    return () => clearTimeout(timer);
  }, [onLate]);
  return late ? <SliceUnavailable onRetry={onRetry} /> : <Waiting title={title} />;
}

/**
 * Where a remote's page renders: a spinner while it loads; if the remote is down, crashes or
 * has not answered within 5 s, a fallback whose Retry loads that remote again (no page reload).
 * Under server HTML, the page's fragment stays until the page hydrates it; a server placeholder
 * (no fragment) hydrates as it is, and the page loads from the next render on.
 */
export function RemoteSlot({ page: { module: id, title } }: { page: PageRoute }) {
  const serverRender = useContext(ServerRenderContext);
  const [fromServer] = useState(() => serverRender?.takeSlot());
  const [load, setLoad] = useState(() => ({ attempt: 0, page: watched(loadRemotePage(id)) }));
  const retry = () => {
    const page = watched(retryRemotePage(id));
    setLoad(({ attempt }) => ({ attempt: attempt + 1, page }));
  };
  const { remote } = splitPage(id);
  const late = useCallback(() => pageSignals.failure(remote, 'load'), [remote]);
  const failed = (error: unknown) => pageSignals.failure(remote, failedLoads.has(load.page) ? 'load' : 'render', error);

  const slot = (
    <ErrorBoundary resetKeys={[load.page]} fallback={<SliceUnavailable onRetry={retry} />} onError={failed}>
      {/* Keyed by the attempt, so a retry starts with the spinner again. */}
      <Suspense key={load.attempt} fallback={<Loading title={title} onRetry={retry} onLate={late} />}>
        <SlotContent module={id}>
          <RemotePage page={load.page} />
        </SlotContent>
      </Suspense>
    </ErrorBoundary>
  );
  return fromServer === 'placeholder' ? (
    <AfterHydration placeholder={<Waiting title={title} />}>{slot}</AfterHydration>
  ) : (
    slot
  );
}

/**
 * The placeholder while the server's HTML hydrates, then `children`. Its own component: the slot
 * around a server fragment must not re-render before the fragment hydrates (React would drop the
 * server HTML and render the boundary afresh).
 */
function AfterHydration({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return useHydrated() ? children : placeholder;
}
