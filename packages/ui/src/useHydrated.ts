import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML; true on every
 * render after (at once for a page rendered in the browser alone). What only the browser knows
 * (storage, feature checks, per-visit values) renders when this is true, in space the server's
 * HTML already reserves, so the first client render matches the server's and nothing shifts.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
