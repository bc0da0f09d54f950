// @ts-check
// The pipeline's last step: the answer, a response for a runtime adapter to send (headers as one
// flat list of names and values, the form Node's writeHead takes whole), or a file of the shell's
// build for the adapter to send. Plain answers, redirects, and a kept page for one request: the
// encoding the client takes, a 304 when it has that form already, shared or private for the
// visitor it goes to.
import { bucketChoiceStatus } from '@nova/contracts/traffic';
import { preferredEncoding } from './encoding.mjs';
import {
  bucketChoiceCaching,
  cachePolicy,
  edgeExpiry,
  edgeSecurityHeader,
  securityFingerprint,
} from './page-policy.mjs';
import { etagMatches } from '@nova/kit/etag';
import { visitorHeaders } from './request.mjs';

/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/** @typedef {import('./request.mjs').Visitor} Visitor */
/** @typedef {import('./page-cache.mjs').KeptPage} KeptPage */
/** @typedef {import('./page-cache.mjs').Encoding} Encoding */
/**
 * An answer: a response, or a file of the shell's build for the adapter to send with these
 * headers (404 if there is none).
 * @typedef {{ status: number, headers: string[], body?: Buffer | string }} PlainResponse
 * @typedef {{ file: string, headers: string[] }} FileAnswer
 * @typedef {PlainResponse | FileAnswer} Answer
 */
/**
 * How a page answers: kept and fresh (hit), kept and composed again behind it (stale), or composed
 * for this request (miss); `personal`: for this tab alone, which previews, kept by no shared cache;
 * `visitor`: for a visitor whose bucket (or override) it depends on, and who may be its only reader.
 * @typedef {{ cache: 'hit' | 'stale' | 'miss', personal: boolean, visitor?: Visitor }} PageAnswerKind
 */

/** The edge's header, as request parts name headers (in lower case, as Node keeps them). */
const fromEdge = edgeSecurityHeader.toLowerCase();

/**
 * The security headers an edge in front says it adds (their fingerprint), if one does.
 * @param {RequestParts} request
 */
export const edgeSecurityOf = (request) => request.headers.get(fromEdge);

/**
 * The answers, each with the security headers given.
 * @param {readonly string[]} security the security headers, flat
 * @param {{ bucketChoiceSeconds: number, now: () => number }} options bucketChoiceSeconds: how long an
 *   edge keeps its answer that a page depends on the bucket
 */
export function answers(security, { bucketChoiceSeconds, now }) {
  const fingerprint = securityFingerprint(security);
  /** Whether the request comes from an edge that adds these security headers itself. */
  const edgeAddsSecurity = (/** @type {RequestParts} */ request) => edgeSecurityOf(request) === fingerprint;
  /** @returns {PlainResponse} */
  const plain = (
    /** @type {number} */ status,
    /** @type {string} */ text,
    { type = 'text/plain; charset=utf-8', cache = cachePolicy.revalidate, headers = /** @type {string[]} */ ([]) } = {},
  ) => ({ status, headers: [...security, 'Content-Type', type, 'Cache-Control', cache, ...headers], body: text });

  const bucketChoiceCache = bucketChoiceCaching(bucketChoiceSeconds);
  /** What every page answer varies by: its encoding, and whether the edge adds its security headers. */
  const vary = `Accept-Encoding, ${edgeSecurityHeader}`;

  /**
   * The headers a page is sent with in one form, shared or private, for one kind of answer:
   * built once per second (the edge's expiry changes with it), then reused.
   * @param {KeptPage} page
   * @param {Encoding} encoding
   * @param {boolean} shared
   * @param {'hit' | 'stale' | 'miss'} cache
   * @param {boolean} varies whether it varies by the visitor's bucket
   * @param {boolean} edge whether an edge that adds the site's security headers asked
   */
  const pageHeaders = (page, encoding, shared, cache, varies, edge) => {
    const second = Math.floor(now() / 1000);
    const key = `${encoding} ${shared} ${cache} ${varies} ${edge}`;
    page.headers ??= new Map();
    const built = page.headers.get(key);
    if (built?.second === second) return built.list;
    // An override's own headers (its CSP widened) go always; the site's, unless the edge adds them.
    const list = [
      ...(page.security ?? (edge ? [] : security)),
      'Content-Type',
      'text/html; charset=utf-8',
      'Content-Length',
      String(page.bodies[encoding].length),
      ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
      'Vary',
      varies ? `${vary}, Cookie` : vary,
      'ETag',
      page.etags[encoding],
      'Cache-Tag',
      page.tags.replaceAll(' ', ','),
      'Surrogate-Key',
      page.tags,
      'Cache-Control',
      shared ? cachePolicy.page : cachePolicy.private,
      ...(shared ? ['X-Accel-Expires', edgeExpiry(second * 1000)] : []),
      'Server-Timing',
      cache === 'miss' ? `cache;desc=miss, ${page.timing}` : `cache;desc=${cache}`,
    ];
    page.headers.set(key, { second, list });
    return list;
  };

  return {
    plain,
    /**
     * To an edge that gives buckets and asked without one: this answer depends on the bucket; ask
     * again with it. Kept by the edge `bucketChoiceSeconds` (`bucketChoiceCaching`).
     * @returns {PlainResponse}
     */
    bucketChoice: () => plain(bucketChoiceStatus, '', { cache: bucketChoiceCache, headers: ['Vary', 'Cookie'] }),
    /**
     * Sends the client to `location`, with `headers`.
     * @param {number} status
     * @param {string} location
     * @param {string[]} [headers]
     * @returns {PlainResponse}
     */
    redirect: (status, location, headers = ['Cache-Control', cachePolicy.revalidate]) => ({
      status,
      headers: [...security, 'Location', location, ...headers],
    }),
    /**
     * A kept page as the answer to one request.
     * @param {RequestParts} request
     * @param {KeptPage} page
     * @param {PageAnswerKind} kind
     * @returns {PlainResponse}
     */
    page(request, page, { cache, personal, visitor }) {
      const encoding = preferredEncoding(request.headers.get('accept-encoding'));
      const shared = page.shared && !personal && !visitor?.personal;
      const varies = visitor !== undefined;
      const etag = page.etags[encoding];
      // An edge whose security headers are not these gets the page whole: it keeps what a 200
      // carries, and so these (a 304 would leave its copy, and its headers, as they are).
      const edgeOutOfDate = edgeSecurityOf(request) !== null && !edgeAddsSecurity(request);
      if (!visitor?.personal && !edgeOutOfDate && etagMatches(request.headers.get('if-none-match'), etag)) {
        const kept = [
          'Cache-Control',
          shared ? cachePolicy.page : cachePolicy.private,
          'Server-Timing',
          `cache;desc=${cache}`,
        ];
        const expiry = shared ? ['X-Accel-Expires', edgeExpiry(now())] : [];
        return {
          status: 304,
          headers: [
            'ETag',
            etag,
            'Vary',
            varies ? `${vary}, Cookie` : vary,
            ...kept,
            ...expiry,
            ...visitorHeaders(visitor),
          ],
        };
      }
      const headers = pageHeaders(page, encoding, shared, cache, varies, edgeAddsSecurity(request));
      return {
        status: page.status,
        headers: visitor?.setCookie ? [...headers, 'Set-Cookie', visitor.setCookie] : headers,
        body: request.method === 'HEAD' ? undefined : page.bodies[encoding],
      };
    },
  };
}

/** @typedef {ReturnType<typeof answers>} Answers */
