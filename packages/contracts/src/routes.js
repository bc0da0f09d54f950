// @ts-check
// The portal's pages: where each one lives and which exposed module renders it. The shell's
// route table, the links of every slice, the harnesses and the tests all read it from here.

/** @typedef {import('./remote-modules.ts').RemoteModuleId} RemoteModuleId */
/** @typedef {import('./remote-modules.ts').RemoteName} RemoteName */

/** Each page's path (React Router syntax) and the exposed module that renders it, in route order. */
export const routes = /** @type {const} @satisfies {Record<string, { path: string, page: RemoteModuleId }>} */ ({
  home: { path: '/', page: 'marketing/HomePage' },
  games: { path: '/games', page: 'games/GamesPage' },
  game: { path: '/games/:gameId', page: 'games/GamePage' },
  contact: { path: '/contact', page: 'contact/ContactPage' },
  terms: { path: '/terms-and-conditions', page: 'legal/TermsPage' },
  privacy: { path: '/privacy-policy', page: 'legal/PrivacyPage' },
});

/**
 * The address of one game's page.
 * @param {string} gameId
 */
export const gamePath = (gameId) => `/games/${encodeURIComponent(gameId)}`;

/**
 * The remote a page comes from and the name it exposes it under (`games/GamePage`: games, GamePage).
 * @param {RemoteModuleId} page
 */
export function splitPage(page) {
  const slash = page.indexOf('/');
  return { remote: /** @type {RemoteName} */ (page.slice(0, slash)), exposed: page.slice(slash + 1) };
}

/**
 * The route (React Router syntax) an exposed page is mounted on.
 * @param {RemoteModuleId} page
 */
export const pageRoute = (page) => Object.values(routes).find((route) => route.page === page)?.path;

/**
 * The one address of a page, however it was typed: repeated slashes become one, a trailing
 * slash goes and letters are lower case (every route and game id is lower case). The server
 * redirects to it; the shell puts it in the address bar.
 * @param {string} pathname
 */
export function canonicalPath(pathname) {
  // Most addresses are canonical already: one test, nothing made.
  if (!/[A-Z]|\/\/|.\/$/.test(pathname)) return pathname;
  const path = pathname.replace(/\/{2,}/g, '/').toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
