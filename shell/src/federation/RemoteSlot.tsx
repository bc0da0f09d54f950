import type { PageModule, RemoteModuleId } from '@nova/contracts/remote-modules';
import { Spinner } from '@nova/ui/spinner';
import { Suspense, use, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { loadRemotePage, retryRemotePage } from './runtime.ts';
import { SliceUnavailable } from './SliceUnavailable.tsx';

/** A remote whose page has not arrived after this long is shown as unavailable. */
export const remoteTimeoutMs = 5000;

function RemotePage({ page }: { page: Promise<PageModule> }) {
  const { default: Page } = use(page);
  return <Page />;
}

/** The spinner, until the remote counts as unavailable; the page still replaces it if it arrives. */
function Loading({ onRetry }: { onRetry: () => void }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), remoteTimeoutMs);
    return () => clearTimeout(timer);
  }, []);
  return late ? <SliceUnavailable onRetry={onRetry} /> : <Spinner />;
}

/**
 * Where a remote's page renders: a spinner while it loads; if the remote is down, crashes or
 * has not answered within 5 s, a fallback whose Retry loads that remote again (no page reload).
 */
export function RemoteSlot({ module: id }: { module: RemoteModuleId }) {
  const [load, setLoad] = useState(() => ({ attempt: 0, page: loadRemotePage(id) }));
  const retry = () => {
    const page = retryRemotePage(id);
    setLoad(({ attempt }) => ({ attempt: attempt + 1, page }));
  };

  return (
    <ErrorBoundary resetKeys={[load.page]} fallback={<SliceUnavailable onRetry={retry} />}>
      {/* Keyed by the attempt, so a retry starts with the spinner again. */}
      <Suspense key={load.attempt} fallback={<Loading onRetry={retry} />}>
        <RemotePage page={load.page} />
      </Suspense>
    </ErrorBoundary>
  );
}
