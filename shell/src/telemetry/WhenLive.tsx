import { useEffect, type ReactNode } from 'react';

/**
 * Calls `onLive` once the page is live: its first render committed (hydrated, for server HTML).
 * It renders its children as they are, so the tree (and hydration) is unchanged.
 */
export function WhenLive({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useEffect(onLive, [onLive]);
  return children;
}
