// @ts-check
// The shell origin's HTTP policy: the security headers every response carries, and how long
// each kind of response may be kept, by browsers and by shared caches (an edge, a CDN).
import { createHash } from 'node:crypto';
import { framePermissions } from '@nova/catalogue/frame-permissions';

/**
 * The CSP sources ('sha256-…') of a document's inline scripts, classic or module (the dev server's).
 * @param {string} html
 */
export const inlineScriptHashes = (html) =>
  [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
    ([, script]) =>
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
  );

/**
 * What every file of the site carries, whichever origin serves it (the composer, a slice origin,
 * the edge, the local environment's): no type sniffing, no referrer beyond the origin.
 */
export const fileHeaders = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * A slice origin's answers besides their caching: any origin may load its files (the shell does,
 * cross-origin), and none of them is a page that may run or be framed.
 */
export const sliceOriginHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  ...fileHeaders,
};

/**
 * What the pages' security headers allow besides the shell origin itself.
 * @typedef {object} AllowedSources
 * @property {readonly string[]} sliceOrigins every slice origin of the environment: scripts, styles' images and
 *   fetches may come from them (the environment's configured origins, not the ones a remote map lists at one
 *   moment, so a page keeps working with the next map)
 * @property {readonly string[]} inlineScripts the CSP sources of the shell document's inline scripts
 * @property {string} gameProvider the origin the game frame may load
 * @property {readonly string[]} [sockets] WebSocket origins pages may also connect to (`pnpm dev`'s slices, for HMR)
 * @property {string} [devServer] a development override's dev server (overrides.mjs), for its browser's answers
 *   only: scripts, styles, images, fetches and its HMR socket from there, and the worker Vite's HMR client
 *   pings its server from (made from a blob)
 */

/**
 * The headers every response of the shell origin carries, as a flat list of names and values.
 * @param {AllowedSources} allowed
 * @returns {string[]}
 */
export function securityHeaders({ sliceOrigins, inlineScripts, gameProvider, sockets = [], devServer }) {
  const scripts = devServer ? [...sliceOrigins, devServer] : sliceOrigins;
  const connects = devServer ? [...scripts, ...sockets, devServer.replace(/^http/, 'ws')] : [...scripts, ...sockets];
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScripts, ...scripts].join(' ')}`,
    `style-src 'self' 'unsafe-inline'${devServer ? ` ${devServer}` : ''}`,
    `img-src 'self' data: ${scripts.join(' ')}`,
    `connect-src 'self' ${connects.join(' ')}`,
    `frame-src ${gameProvider}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(devServer ? ["worker-src 'self' blob:"] : []),
  ];
  const denied = ['camera', 'microphone', 'geolocation', 'payment', 'usb'];
  const permissions = [
    ...framePermissions.map((feature) => `${feature}=(self "${gameProvider}")`),
    ...denied.map((feature) => `${feature}=()`),
  ];
  return [
    'Content-Security-Policy',
    csp.join('; '),
    'Permissions-Policy',
    permissions.join(', '),
    'X-Frame-Options',
    'DENY',
    ...Object.entries(fileHeaders).flat(),
  ];
}

/**
 * The request header an edge in front sends when it adds the site's security headers to every page
 * itself (edge/nginx.conf), naming the ones it adds by their fingerprint (`securityFingerprint`):
 * the composer leaves its own out of its pages' answers where they are the same, so that the
 * edge's cache does not keep a copy of them with every page (about 1 KB of headers it would read
 * on every hit). Where they differ (the environment's origins changed since the edge started), the
 * composer sends its own, and the edge passes them on instead of its own. Pages vary by it, so
 * that no other cache gives a page without them to a browser.
 */
export const edgeSecurityHeader = 'X-Edge-Security-Headers';

/**
 * The fingerprint of a set of security headers, as one flat list of names and values in the order
 * `securityHeaders` gives them: what an edge names the headers it adds by.
 * @param {readonly string[]} flat
 */
export const securityFingerprint = (flat) =>
  createHash('sha256').update(flat.join('\n')).digest('base64url').slice(0, 22);

/** The headers `securityHeaders` gives, by name. */
export const securityHeaderNames = securityHeaders({ sliceOrigins: [], inlineScripts: [], gameProvider: '' }).filter(
  (_, at) => at % 2 === 0,
);

/** How long each kind of response may be kept. */
export const cachePolicy = {
  /**
   * A composed page or the browser's remote map: browsers revalidate every time (ETag → 304);
   * shared caches keep it a second, serve it stale while they revalidate, and for a day when
   * the composer fails. A release is live everywhere within about a second.
   */
  page: 'public, max-age=0, s-maxage=1, stale-while-revalidate=30, stale-if-error=86400',
  /** A page composed without its fragment (the slice did not answer), a preview: never shared. */
  private: 'private, no-store',
  /** Hashed build files. */
  immutable: 'public, max-age=31536000, immutable',
  /** The shell's other files (remote entry, manifest): revalidated on every use. */
  revalidate: 'no-cache',
};

/**
 * The caching of the answer to an edge that gives buckets and asked, without one, for a page that
 * depends on the bucket (`bucketChoiceStatus` in @nova/contracts/traffic): kept `seconds`
 * (BUCKET_CHOICE_SECONDS, a minute by default). Its page is kept per bucket meanwhile, which stays
 * right once the canary ends (every bucket's page is then the same), so it need not go sooner; a
 * page kept for everyone before the canary must, and does.
 */
export const bucketChoiceCaching = (/** @type {number} */ seconds) => `public, max-age=0, s-maxage=${seconds}`;

/**
 * What an nginx edge in front reads instead of `s-maxage`: fresh until the end of the current
 * second. nginx counts freshness in whole seconds from the second a response arrives, so
 * `s-maxage=1` alone keeps a page for up to two; this keeps every page at most one.
 * @param {number} [now] milliseconds since the epoch
 */
export const edgeExpiry = (now = Date.now()) => `@${Math.floor(now / 1000)}`;

/** How long a file of a build may be kept: for good under /assets/ (hashed names), else revalidated. */
export const fileCaching = (/** @type {string} */ pathname) =>
  pathname.startsWith('/assets/') ? cachePolicy.immutable : cachePolicy.revalidate;
