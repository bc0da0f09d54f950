// @ts-check
// Development overrides (`slice dev`): one browser sees one slice from a team's dev server, inside
// this environment, while every other visitor keeps the released site byte for byte. The link
// sets the override in that browser's cookie (and `?override=off` clears it); while it holds,
// that browser's pages of the slice are composed with the fragment the dev server renders from
// source and name the dev server's entry, marked as the override the composer vouches for (the
// shell loads it without integrity for that reason alone); its other slices are the versions its
// bucket sees, as for any visitor (composed as pages.mjs composes: compose.mjs). Each such answer
// is that browser's alone (`private, no-store`, never in the page cache), with the CSP widened to
// the dev server, its HMR socket included, for that answer only. The handler hands over only
// where the environment allows overrides (OVERRIDES=allow).
import { devEntryPath, devVersion, overrideParameter, overrideSetCookie } from '@nova/contracts/dev-override';
import { readBucket } from '@nova/contracts/traffic';
import { overrideLifetimeMs } from '@nova/signing/override-token';
import { composePage } from './compose.mjs';
import { askedOverHttps } from './negotiation.mjs';
import { devFragmentSource } from './override-fragment.mjs';
import { overrideReader } from './override-request.mjs';
import { cachePolicy, securityHeaders } from './page-policy.mjs';
import { browserRemoteMap, entryFor } from './remote-map-view.mjs';

/** @typedef {import('./override-request.mjs').ActiveOverride} ActiveOverride */
/** @typedef {import('./answers.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('./fragment-source.mjs').FragmentSource} FragmentSource */
/** @typedef {import('./fragment-source.mjs').FragmentLookup} FragmentLookup */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./compose.mjs').MatchedShell} MatchedShell */
/** @typedef {import('./matched-paths.mjs').PageShown} PageShown */

/**
 * What the handler lends a composed override page: the map now, the shell matched at a path, the
 * released versions' fragments, the shell's document and the year.
 * @typedef {object} Site
 * @property {RemoteMapState} map
 * @property {(path: string, map: RemoteMapState) => Promise<{ matched: MatchedShell, shown: PageShown }>} matchAt
 * @property {FragmentSource} fragmentOf
 * @property {ShellDocument} document
 * @property {number} year
 */

/**
 * The security headers of the environment's pages, as securityHeaders takes them.
 * @typedef {Parameters<typeof securityHeaders>[0]} SecurityInputs
 */

/** The dev server's entry, as the browser registers it. */
const devEntry = (/** @type {string} */ origin) => new URL(devEntryPath, origin).href;

/**
 * @param {object} options
 * @param {import('@nova/signing/signing').Signer} options.signer the environment's key
 * @param {readonly string[]} options.origins the dev servers allowed (OVERRIDE_ORIGINS)
 * @param {number} options.timeoutMs the most a dev server's fragment may take (FRAGMENT_TIMEOUT_MS)
 * @param {SecurityInputs} options.security what the environment's CSP allows, widened per answer
 * @param {() => number} options.now
 */
export function createOverrides({ signer, origins, timeoutMs, security, now }) {
  const reader = overrideReader({ signer, origins, now });
  const devFragment = devFragmentSource({ timeoutMs });

  /**
   * The security headers of an answer to the override's browser: the CSP widened to its dev server
   * (scripts, styles, images, fetches and its HMR socket), and to the worker Vite's HMR client
   * pings its server from (made from a blob).
   */
  const securityFor = (/** @type {string} */ origin) => {
    const headers = securityHeaders({
      ...security,
      sliceOrigins: [...security.sliceOrigins, origin],
      sockets: [...(security.sockets ?? []), origin.replace(/^http/, 'ws')],
      styleOrigins: [origin],
    });
    const csp = `${headers['Content-Security-Policy']}; worker-src 'self' blob:`;
    return Object.entries({ ...headers, 'Content-Security-Policy': csp }).flat();
  };

  /** The browser's bucket, if its cookie names one: its other slices are the versions it sees (a canary too). */
  const bucketOf = (/** @type {RequestParts} */ request) => readBucket(request.headers.get('cookie')).bucket;

  /** The headers every answer of the override carries: that browser's alone, kept by no one. */
  const privateHeaders = ['Cache-Control', cachePolicy.private, 'Vary', 'Cookie'];

  /**
   * The page again, without the link's parameter: with the override set, or cleared.
   * @param {string} path
   * @param {string} search
   * @param {string} cookie its Set-Cookie
   * @returns {PlainResponse}
   */
  const redirect = (path, search, cookie) => {
    const query = new URLSearchParams(search);
    query.delete(overrideParameter);
    const rest = query.toString();
    return {
      status: 303,
      headers: [
        ...Object.entries(securityHeaders(security)).flat(),
        'Location',
        rest ? `${path}?${rest}` : path,
        'Set-Cookie',
        cookie,
        ...privateHeaders,
      ],
    };
  };

  /** The cookie that holds an override (`token`) for `seconds` (none: cleared), in the request's browser. */
  const setCookie = (/** @type {RequestParts} */ request, /** @type {string} */ token, /** @type {number} */ seconds) =>
    overrideSetCookie(token, seconds, askedOverHttps(request));

  /**
   * How long the cookie of an override lasts: until its token expires, and never longer than an
   * override may (a token signed by a clock ahead of ours may expire a little later).
   */
  const cookieSeconds = (/** @type {number} */ expiresAt) =>
    Math.max(1, Math.floor(Math.min(expiresAt - now(), overrideLifetimeMs) / 1000));

  /**
   * A page composed for the override's browser.
   * @param {RequestParts} request
   * @param {string} path
   * @param {ActiveOverride} override
   * @param {Site} site
   * @returns {Promise<PlainResponse>}
   */
  const composed = async (request, path, override, site) => {
    const { map, document, year } = site;
    const { matched, shown } = await site.matchAt(path, map);
    const { slice, page = '' } = shown;
    const own = slice === override.slice;
    const seen = slice && map.revision !== undefined ? entryFor(map.view, slice, bucketOf(request)) : undefined;
    const entry = own ? { url: devEntry(override.origin), version: devVersion, integrity: '' } : seen;
    /** @type {FragmentLookup | undefined} */
    let found;
    if (own) found = await devFragment(override.origin, path, page);
    else if (seen) found = await site.fragmentOf(seen, path, page);
    const { status, html } = composePage(document, {
      matched,
      shown,
      year,
      entry,
      found,
      overrides: { [override.slice]: override.origin },
    });
    return {
      status,
      headers: [...securityFor(override.origin), 'Content-Type', 'text/html; charset=utf-8', ...privateHeaders],
      body: request.method === 'HEAD' ? undefined : html,
    };
  };

  return {
    /**
     * A page's answer where an override is asked for or holds: the link's redirect (setting or
     * clearing the cookie), or the page composed for the override's browser. Nothing (the
     * released page) for anyone else, or while the map is unusable.
     * @param {RequestParts} request
     * @param {string} path canonical
     * @param {string} search
     * @param {() => Site} site
     * @returns {Promise<PlainResponse> | PlainResponse | undefined}
     */
    page(request, path, search, site) {
      const link = reader.link(search);
      if (link && 'end' in link) return redirect(path, search, setCookie(request, '', 0));
      if (link) {
        const { token, expiresAt } = link.start;
        return redirect(path, search, setCookie(request, token, cookieSeconds(expiresAt)));
      }
      const override = reader.cookie(request.headers.get('cookie'));
      if (!override) return undefined;
      const current = site();
      if (current.map.revision === undefined) return undefined;
      return composed(request, path, override, current);
    },
    /**
     * /remotes.json for the override's browser: the released versions, and the dev server's entry
     * of its slice, marked as the override. Nothing for anyone else.
     * @param {RequestParts} request
     * @param {RemoteMapState} map
     * @returns {PlainResponse | undefined}
     */
    remoteMap(request, map) {
      const override = reader.cookie(request.headers.get('cookie'));
      if (!override || map.revision === undefined) return undefined;
      const json = browserRemoteMap(map.view, { bucket: bucketOf(request) });
      const versions = /** @type {Record<string, unknown[]>} */ (json.microFrontends);
      versions[override.slice] = [
        ...(versions[override.slice] ?? []),
        {
          url: devEntry(override.origin),
          metadata: { integrity: '', version: devVersion },
          deployment: { traffic: 0, default: false },
          extras: { override: true },
        },
      ];
      return {
        status: 200,
        headers: [...securityFor(override.origin), 'Content-Type', 'application/json', ...privateHeaders],
        body: request.method === 'HEAD' ? undefined : JSON.stringify(json),
      };
    },
  };
}
