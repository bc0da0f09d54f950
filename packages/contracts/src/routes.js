// @ts-check
// The portal's pages as they were before each slice declared its own (pages.js): where each one
// lives and which exposed module renders it. What a version published before then serves
// (`legacyPages`), the local environment's defaults, and the addresses slices link to.

/** @typedef {import('./remote-modules.ts').RemoteModuleId} RemoteModuleId */
/** @typedef {import('./remote-modules.ts').RemoteName} RemoteName */

/** Each page's path (React Router syntax), the exposed module that renders it and its title. */
export const routes =
  /** @type {const} @satisfies {Record<string, { path: string, page: RemoteModuleId, title: string }>} */ ({
    home: { path: '/', page: 'marketing/HomePage', title: 'Home' },
    games: { path: '/games', page: 'games/GamesPage', title: 'Games' },
    game: { path: '/games/:gameId', page: 'games/GamePage', title: 'Game' },
    contact: { path: '/contact', page: 'contact/ContactPage', title: 'Contact' },
    terms: { path: '/terms-and-conditions', page: 'legal/TermsPage', title: 'Terms and Conditions' },
    privacy: { path: '/privacy-policy', page: 'legal/PrivacyPage', title: 'Privacy Policy' },
  });

/**
 * The pages a version of `slice` published before slices declared their own serves: the ones the
 * portal had then.
 * @param {string} slice
 * @returns {import('./pages.js').PageDeclaration[]}
 */
export const legacyPages = (slice) =>
  Object.values(routes).flatMap(({ path, page, title }) =>
    page.startsWith(`${slice}/`) ? [{ path, module: page.slice(slice.length + 1), title }] : [],
  );

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
