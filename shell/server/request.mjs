// @ts-check
// The pipeline's first step: what a request asks before anything is composed for it. Its address,
// whether it came over https, and the
// visitor as far as an answer depends on their canary bucket: read from their cookie (one parser
// everywhere, the edge's too: @nova/contracts/traffic), given one, or left to an edge that gives
// buckets. Accept-Encoding is encoding.mjs's, a rule the edge shares.
import { randomInt } from 'node:crypto';
import { bucketCount, bucketSetCookie, edgeBucketsHeader, readBucket } from '@nova/contracts/traffic';

/**
 * What the composer reads of a request: the parts a Web `Request` has (a real one will do), and,
 * from the Node adapter, its sender's address and a bounded read of its body.
 * @typedef {object} RequestParts
 * @property {string} method
 * @property {string} url the request target (a Web Request's is absolute)
 * @property {{ get: (name: string) => string | null }} headers
 * @property {string} [client] the peer's address
 * @property {(maxBytes: number) => Promise<{ text: string, over?: undefined } | { over: number }>} [readBody]
 */

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
 * @param {string} url the request's target
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

/**
 * Whether the query names `name` as URLSearchParams reads it (`?%70review=` names `preview`),
 * as the shell and the edge read it too. Parsed only when the name could be in it.
 * @param {string} search `?…` or ''
 * @param {string} name
 */
export const queryNames = (search, name) => search !== '' && new URLSearchParams(search).has(name);

/**
 * Whether the browser asked over https: itself, or through a proxy that says so. A cookie given
 * over https is `Secure`.
 * @param {RequestParts} request
 */
export const askedOverHttps = (request) =>
  request.url.startsWith('https:') || request.headers.get('x-forwarded-proto') === 'https';

/** The edge's header, as request parts name headers (in lower case, as Node keeps them). */
const edgeBuckets = edgeBucketsHeader.toLowerCase();

/**
 * A visitor, as far as an answer depends on their bucket (a slice it shows has a canary): the
 * bucket their cookie names; a new one, given with `Set-Cookie`; none if their cookie is
 * ambiguous (they see the released versions); or, through an edge that gives new visitors their
 * buckets (`edgeBucketsHeader`), none yet: the edge asks again with the one it gives.
 * `personal`: the answer is this visitor's alone (a bucket given, or an ambiguous cookie), for no
 * shared cache, and never a 304 (a cookie given must reach the visitor).
 * @typedef {{ bucket?: number, setCookie?: string, personal: boolean, edgeChooses?: true }} Visitor
 */

/**
 * The visitor of a request whose answer depends on the bucket (`assign`: a new visitor is given
 * one), or only reads it (`assign: false`: a new visitor sees the released versions).
 * @param {RequestParts} request
 * @param {{ assign?: boolean }} [options]
 * @returns {Visitor}
 */
export function visitorOf(request, { assign = true } = {}) {
  const { bucket, ambiguous } = readBucket(request.headers.get('cookie'));
  if (bucket !== undefined) return { bucket, personal: false };
  if (ambiguous || !assign) return { personal: ambiguous };
  if (request.headers.get(edgeBuckets) !== null) return { personal: false, edgeChooses: true };
  const assigned = randomInt(bucketCount);
  return { bucket: assigned, setCookie: bucketSetCookie(assigned, askedOverHttps(request)), personal: true };
}

/**
 * The headers an answer adds for its visitor: it varies by the bucket's cookie, and a new visitor
 * gets one.
 * @param {Visitor | undefined} visitor
 */
export const visitorHeaders = (visitor) => [
  ...(visitor ? ['Vary', 'Cookie'] : []),
  ...(visitor?.setCookie ? ['Set-Cookie', visitor.setCookie] : []),
];
