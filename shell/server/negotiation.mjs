// @ts-check
// What HTTP says about a request before anything is composed for it: the address it names,
// whether the client already has an answer (If-None-Match), and whether it came over https (for
// the cookies given to it). Accept-Encoding is encoding.mjs's, the visitor's bucket visitor.mjs's.

/** @typedef {import('./answers.mjs').RequestParts} RequestParts */

/**
 * A request target the URL parser would leave as it is: characters it does not escape, no dot
 * segments, no doubled slash at the start, no backslash.
 */
const plainTarget = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;
const dotSegment = /\/\.\.?(?:[/?]|$)/;

/**
 * A request's path and query. A plain target is split as it is; any other goes through the URL
 * parser, appended, never resolved: a path that starts with // is not a host. A target the
 * parser refuses (`http://[`) has none.
 * @param {string} url the request's target (a Web Request's is absolute)
 * @returns {{ pathname: string, search: string } | undefined}
 */
export function addressOf(url) {
  if (plainTarget.test(url) && !dotSegment.test(url)) {
    const query = url.indexOf('?');
    return query < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, query), search: url.slice(query) };
  }
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(url);
  const parsed = URL.parse(absolute ? url : `http://shell.invalid${url.startsWith('/') ? '' : '/'}${url}`);
  return parsed ? { pathname: parsed.pathname, search: parsed.search } : undefined;
}

/** A path that names a file (its last segment has an extension), not a page. */
export const namesFile = (/** @type {string} */ pathname) => /\.[a-z0-9]+$/i.test(pathname);

/** Whether an If-None-Match names `etag` (compared as HTTP's weak comparison does: W/ aside). */
export function matchesEtag(/** @type {string | null} */ ifNoneMatch, /** @type {string} */ etag) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/**
 * Whether the browser asked over https: itself, or through a proxy that says so. A cookie given
 * over https is `Secure`.
 * @param {RequestParts} request
 */
export const askedOverHttps = (request) =>
  request.url.startsWith('https:') || request.headers.get('x-forwarded-proto') === 'https';
