// @ts-check
// What an environment's composer and a team's dev server (`slice dev`) agree on for a
// development override: one browser sees one slice from the team's local sources. The link
// `slice dev` prints carries a signed token (`?override=<token>`); the composer keeps it in that
// browser's cookie and, while it holds, asks the dev server for the page's fragment and names its
// entry instead of the released version's. `?override=off` ends it.
import { stringifySetCookie } from 'cookie';
import { pairNaming, pairWithValue } from './cookie-pairs.js';

/** The query parameter of an override link (`off`: end the override). */
export const overrideParameter = 'override';

/** The cookie the override lives in, in the one browser that opened its link. */
export const overrideCookie = 'nova_override';

/**
 * How a request asks for an override, as regular expressions that JavaScript and nginx (PCRE) read
 * alike (cookie-pairs.js): the composer reads the cookie with them and the edge's maps are built
 * from them, so the edge hands the composer every request it answers as an override's.
 */
export const overridePatterns = {
  /** A pair of the Cookie header names the cookie, whatever its value. */
  cookieNamed: pairNaming(overrideCookie),
  /** A pair names it with a token (group 1). */
  cookieToken: pairWithValue(overrideCookie, '[\\w.-]*'),
  /** A query (without its `?`) names the link's parameter, with a value or without. */
  link: `(?:^|&)${overrideParameter}(?:=|&|$)`,
};

/**
 * The Set-Cookie header that keeps an override (`token`) for `seconds`: every path, this site
 * only, out of reach of scripts, `Secure` when the page came over https. An empty token for 0
 * seconds clears it.
 * @param {string} token
 * @param {number} seconds
 * @param {boolean} secure
 */
export const overrideSetCookie = (token, seconds, secure) =>
  stringifySetCookie({
    name: overrideCookie,
    value: token,
    path: '/',
    maxAge: seconds,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });

/**
 * The dev server's fragment endpoint: `GET <origin>/__nova/fragment?path=<path>&page=<exposed page>`
 * answers the fragment of that path rendered from source on each request (`{ head, html, notFound? }`,
 * as a build writes it, asset URLs on the dev server's origin), or 404 for a path its slice has none for.
 */
export const devFragmentPath = '/__nova/fragment';

/**
 * The dev server's pages: `GET <origin>/__nova/pages.json` answers the pages the slice's source
 * declares now (`src/exposes/pages.json`, checked as its build checks it), which an override's
 * browser is routed by.
 */
export const devPagesPath = '/__nova/pages.json';

/** The dev server's remote entry, under its origin. */
export const devEntryPath = '/remoteEntry.js';

/** The version name an override's entry carries (what `pnpm dev`'s entries carry too). */
export const devVersion = 'dev';
