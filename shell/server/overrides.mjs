// @ts-check
// Development overrides (`slice dev`), loaded only where the environment allows them
// (OVERRIDES=allow): one browser sees one slice from a team's dev server, inside this environment,
// while every other visitor keeps the released site byte for byte. The link `slice dev` prints
// (`?override=<token>`) sets the override in that browser's cookie, `?override=off` clears it.
// While it holds, the pipeline shows that browser the dev server's version of the slice (its entry,
// and its fragment rendered from source on each request): a choice like a canary's, made here,
// composed as every page is, answered for that browser alone with the CSP widened to the dev
// server. Only a token signed with the environment's key for an override, unexpired, for a slice of
// the environment's and a dev server it allows counts; anything else is ignored, and nothing
// says why.
import {
  devEntryPath,
  devPagesPath,
  devVersion,
  overrideParameter,
  overridePatterns,
  overrideSetCookie,
} from '@nova/contracts/dev-override';
import { sliceNamePattern } from '@nova/contracts/environment';
import { pagesProblems } from '@nova/contracts/pages';
import { boundedBody } from '@nova/kit/body';
import { overrideLifetimeMs, overrideOf } from '@nova/signing/override-token';
import { askedOverHttps } from './request.mjs';

/** @typedef {import('@nova/signing/signing').Signer} Signer */
/** @typedef {import('@nova/contracts/remote-map').LoadableVersion} LoadableVersion */
/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/**
 * An override a browser holds: its slice, the dev server's origin, and the version it names there
 * (the dev server's entry, which carries no integrity: the composer vouches for it), with the
 * pages its source declares now, where the dev server said (`withDevPages`).
 * @typedef {{ slice: string, origin: string, version: LoadableVersion, pages?: PageDeclaration[] }} ActiveOverride
 * @typedef {import('@nova/contracts/pages').PageDeclaration} PageDeclaration
 */

/** How long a dev server may take to say its pages, and the most it may send. */
const devPagesTimeoutMs = 1000;
const maxDevPagesBytes = 64 * 1024;

const naming = new RegExp(overridePatterns.cookieNamed, 'g');
const tokenOf = new RegExp(overridePatterns.cookieToken);
const linking = new RegExp(overridePatterns.link);
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an override may point a browser at `origin`: named in the settings, or (`loopback`) an
 * http origin on a loopback address.
 * @param {string} origin
 * @param {readonly string[]} allowed OVERRIDE_ORIGINS (config.mjs)
 */
export function overrideOriginAllowed(origin, allowed) {
  const url = URL.parse(origin);
  if (!url || url.origin !== origin || !/^https?:$/.test(url.protocol)) return false;
  return allowed.some(
    (entry) =>
      entry === origin || (entry === 'loopback' && url.protocol === 'http:' && loopbackHosts.has(url.hostname)),
  );
}

/**
 * The override cookie's value: none where no pair names it, or two do (which counts would be
 * anyone's guess).
 * @param {string | null} cookieHeader
 */
function cookieValue(cookieHeader) {
  if (!cookieHeader || (cookieHeader.match(naming)?.length ?? 0) !== 1) return undefined;
  return tokenOf.exec(cookieHeader)?.[1];
}

/**
 * @param {{ signer: Signer, origins: readonly string[], now: () => number }} options
 *   origins: the dev servers allowed (OVERRIDE_ORIGINS)
 */
export function createOverrides({ signer, origins, now }) {
  /**
   * The override a token asks for, if it is one this environment honours.
   * @param {string | undefined} token
   */
  const honoured = (token) => {
    if (!token) return undefined;
    const override = overrideOf(signer, token, now());
    if (!override || !sliceNamePattern.test(override.slice) || !overrideOriginAllowed(override.origin, origins))
      return undefined;
    return { slice: override.slice, origin: override.origin, expiresAt: override.expiresAt, token };
  };

  /**
   * How long the cookie of an override lasts: until its token expires, and never longer than an
   * override may (a token signed by a clock ahead of ours may expire a little later).
   */
  const cookieSeconds = (/** @type {number} */ expiresAt) =>
    Math.max(1, Math.floor(Math.min(expiresAt - now(), overrideLifetimeMs) / 1000));

  return {
    /**
     * The override with the pages its dev server's source declares now (`devPagesPath`), asked on
     * every request, as its fragments are: a page added in source is routed to at once. A dev
     * server that does not say, or says something that is not pages, leaves the override as it is
     * (the pages the browser would see otherwise).
     * @param {ActiveOverride} override
     * @returns {Promise<ActiveOverride>}
     */
    async withDevPages(override) {
      try {
        const response = await fetch(new URL(devPagesPath, override.origin), {
          signal: AbortSignal.timeout(devPagesTimeoutMs),
          redirect: 'error',
        });
        if (!response.ok) {
          await response.body?.cancel();
          return override;
        }
        const body = await boundedBody(response, maxDevPagesBytes);
        const pages = body.over === undefined ? JSON.parse(body.text) : undefined;
        return pagesProblems('pages', pages).length === 0 ? { ...override, pages } : override;
      } catch {
        return override;
      }
    },
    /**
     * What an override link in the query asks (the parameter as the edge reads it, never
     * percent-encoded): the Set-Cookie that starts the override its token names (if honoured) or
     * ends any, and the address without the link; nothing when the query has no link.
     * @param {RequestParts} request
     * @param {string} path
     * @param {string} search `?…` or ''
     * @returns {{ location: string, setCookie: string } | undefined}
     */
    link(request, path, search) {
      if (search === '' || !linking.test(search.slice(1))) return undefined;
      const query = new URLSearchParams(search);
      const asked = query.get(overrideParameter);
      if (asked === null) return undefined;
      const start = asked === 'off' ? undefined : honoured(asked);
      if (asked !== 'off' && !start) return undefined;
      query.delete(overrideParameter);
      const rest = query.toString();
      const secure = askedOverHttps(request);
      return {
        location: rest ? `${path}?${rest}` : path,
        setCookie: start
          ? overrideSetCookie(start.token, cookieSeconds(start.expiresAt), secure)
          : overrideSetCookie('', 0, secure),
      };
    },
    /**
     * The override the request's browser holds, if honoured.
     * @param {RequestParts} request
     * @returns {ActiveOverride | undefined}
     */
    of(request) {
      const held = honoured(cookieValue(request.headers.get('cookie')));
      return (
        held && {
          slice: held.slice,
          origin: held.origin,
          version: { url: new URL(devEntryPath, held.origin).href, version: devVersion, integrity: '' },
        }
      );
    },
  };
}

/** @typedef {ReturnType<typeof createOverrides>} Overrides */
