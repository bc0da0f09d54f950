// @ts-check
// A kept page as the answer to one request: the encoding the client takes, a 304 when it has
// that form already, and the page's headers, shared or private, for the visitor it goes to.
import { preferredEncoding } from './encoding.mjs';
import { matchesEtag } from './negotiation.mjs';
import { cachePolicy, edgeExpiry } from './page-policy.mjs';
import { visitorHeaders } from './visitor.mjs';

/** @typedef {import('./answers.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */
/** @typedef {import('./page-cache.mjs').KeptPage} KeptPage */
/** @typedef {import('./page-cache.mjs').Encoding} Encoding */
/** @typedef {import('./visitor.mjs').Visitor} Visitor */
/**
 * How a page answers: kept and fresh (hit), kept and composed again behind it (stale), or composed
 * for this request (miss); for a tab that previews; for a visitor whose bucket it depends on.
 * @typedef {{ cache: 'hit' | 'stale' | 'miss', preview: boolean, visitor?: Visitor }} PageAnswerKind
 */

/**
 * @param {{ security: readonly string[], now: () => number }} options security: the security headers, flat
 * @returns {(request: RequestParts, page: KeptPage, kind: PageAnswerKind) => PlainResponse}
 */
export function pageAnswers({ security, now }) {
  /**
   * The headers a page is sent with in one form, shared or private, for one kind of answer:
   * built once per second (the edge's expiry changes with it), then reused.
   * @param {KeptPage} page
   * @param {Encoding} encoding
   * @param {boolean} shared
   * @param {'hit' | 'stale' | 'miss'} cache
   * @param {boolean} varies whether it varies by the visitor's bucket
   */
  const headersOf = (page, encoding, shared, cache, varies) => {
    const second = Math.floor(now() / 1000);
    const key = `${encoding} ${shared} ${cache} ${varies}`;
    page.headers ??= new Map();
    const built = page.headers.get(key);
    if (built?.second === second) return built.list;
    const list = [
      ...security,
      'Content-Type',
      'text/html; charset=utf-8',
      'Content-Length',
      String(page.bodies[encoding].length),
      ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
      'Vary',
      varies ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
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

  return (request, page, { cache, preview, visitor }) => {
    const encoding = preferredEncoding(request.headers.get('accept-encoding'));
    const shared = page.shared && !preview && !visitor?.personal;
    const varies = visitor !== undefined;
    const etag = page.etags[encoding];
    if (!visitor?.personal && matchesEtag(request.headers.get('if-none-match'), etag)) {
      const kept = [
        'Cache-Control',
        shared ? cachePolicy.page : cachePolicy.private,
        'Server-Timing',
        `cache;desc=${cache}`,
      ];
      const expiry = shared ? ['X-Accel-Expires', edgeExpiry(now())] : [];
      const vary = ['Vary', varies ? 'Accept-Encoding, Cookie' : 'Accept-Encoding'];
      return { status: 304, headers: ['ETag', etag, ...vary, ...kept, ...expiry, ...visitorHeaders(visitor)] };
    }
    const headers = headersOf(page, encoding, shared, cache, varies);
    return {
      status: page.status,
      headers: visitor?.setCookie ? [...headers, 'Set-Cookie', visitor.setCookie] : headers,
      body: request.method === 'HEAD' ? undefined : page.bodies[encoding],
    };
  };
}
