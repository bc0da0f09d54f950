/**
 * The one address of a page, however it was typed: repeated slashes become one, a trailing
 * slash goes and letters are lower case (every route and game id is lower case).
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/\/{2,}/g, '/').toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

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
