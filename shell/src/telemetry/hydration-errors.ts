import type { RemoteName } from '@nova/contracts/remote-modules';
import type { HydrationOptions } from 'react-dom/client';
import type { FailureKind } from './signal-queue.ts';

interface Signals {
  failure: (slice: RemoteName, kind: FailureKind, error?: unknown) => void;
  isLive: () => boolean;
}

/**
 * hydrateRoot's error handlers: each logs as React's own would, and reports a `hydration`
 * failure of the page's slice when hydration failed: an error React recovered from (it rendered
 * that part again), or one thrown before the page was live. An error a slot's boundary reports
 * as its own (`render`, `load`) is left to it: React tells the root first, so the report waits a
 * moment.
 */
export function hydrationErrorReports(
  signals: Signals,
  pageSlice: () => RemoteName | undefined,
): Pick<HydrationOptions, 'onRecoverableError' | 'onCaughtError' | 'onUncaughtError'> {
  const failed = (error: unknown) => {
    const slice = pageSlice();
    if (slice) queueMicrotask(() => signals.failure(slice, 'hydration', error));
  };
  return {
    onRecoverableError: (error) => {
      reportError(error);
      failed(error);
    },
    onCaughtError: (error) => {
      console.error(error);
      if (!signals.isLive()) failed(error);
    },
    onUncaughtError: (error) => {
      reportError(error);
      if (!signals.isLive()) failed(error);
    },
  };
}
