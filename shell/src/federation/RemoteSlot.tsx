import type { PageModule, RemoteModuleId } from '@nova/contracts/remote-modules';
import { Spinner } from '@nova/ui/spinner';
import { Suspense, use, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { loadRemoteModule, retryRemoteModule } from './runtime.ts';
import { SliceUnavailable } from './SliceUnavailable.tsx';

function RemotePage({ module }: { module: Promise<PageModule> }) {
  const { default: Page } = use(module);
  return <Page />;
}

/**
 * Where a remote's page renders: a spinner while it loads, and if the remote is down,
 * hangs or crashes, a fallback whose Retry loads that remote again (no page reload).
 */
export function RemoteSlot({ module: id }: { module: RemoteModuleId }) {
  const [page, setPage] = useState(() => loadRemoteModule(id));
  const retry = () => setPage(retryRemoteModule(id));

  return (
    <ErrorBoundary resetKeys={[page]} fallback={<SliceUnavailable onRetry={retry} />}>
      <Suspense fallback={<Spinner />}>
        <RemotePage module={page} />
      </Suspense>
    </ErrorBoundary>
  );
}
