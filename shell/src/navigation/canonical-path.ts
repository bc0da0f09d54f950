import { canonicalPath } from '@nova/contracts/routes';

/**
 * Puts the canonical path in the address bar (same history entry), before the router reads it.
 * Returns whether the address was canonical already.
 */
export function replaceWithCanonicalPath({ location, history } = window): boolean {
  const path = canonicalPath(location.pathname);
  if (path === location.pathname) return true;
  history.replaceState(history.state, '', path + location.search + location.hash);
  return false;
}
