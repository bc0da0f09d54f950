// @ts-check
// The shell origin's request handler: every page composed on the server and kept (see
// page-cache.mjs), the browser's remote map, the shell's build files, and the page policy
// (methods, canonical addresses, security headers, compression, caching). It takes the
// Web-standard parts of a request and answers a plain response a runtime adapter sends
// (node-server.mjs for Node; toWebResponse for a fetch-style runtime).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { canonicalPath, splitPage } from '@nova/contracts/routes';
import { LRUCache } from 'lru-cache';
import { composePage } from './compose.mjs';
import { createPageCache } from './page-cache.mjs';
import { cachePolicy, edgeExpiry, securityHeaders } from './page-policy.mjs';
import { browserRemoteMap } from './remote-map-view.mjs';
import { readShellDocument } from './shell-document.mjs';

/** @typedef {import('./compose.mjs').ShellServerEntry} ShellServerEntry */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./remote-map-source.mjs').RemoteMapSource} RemoteMapSource */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('./fragments.mjs').FragmentLookup} FragmentLookup */
/** @typedef {import('./fragments.mjs').FragmentSource} FragmentSource */
/** @typedef {import('./page-cache.mjs').KeptPage} KeptPage */
/** @typedef {import('./page-cache.mjs').Encoding} Encoding */
/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('@nova/contracts/remote-modules').RemoteModuleId} RemoteModuleId */
/**
 * What the handler reads of a request: a Web `Request` has it; so does the Node adapter's view of one.
 * @typedef {{ method: string, url: string, headers: { get: (name: string) => string | null } }} RequestParts
 */
/**
 * An answer: a response (headers as a flat list of names and values), or a file of the shell's
 * build for the adapter to send with these headers (404 if there is none).
 * @typedef {{ status: number, headers: string[], body?: Buffer | string }} PlainResponse
 * @typedef {{ file: string, headers: string[] }} FileAnswer
 * @typedef {PlainResponse | FileAnswer} Answer
 */

/**
 * The shell's build as the handler composes pages with it: its server entry, built beside it
 * (packages/tooling/src/shell-server-build.js), and its document.
 * @param {string} shellBuild
 * @returns {Promise<{ shell: ShellServerEntry, document: ShellDocument }>}
 */
export async function loadShell(shellBuild) {
  const entry = pathToFileURL(join(shellBuild, '..', 'dist-server', 'render-shell.mjs')).href;
  return { shell: await import(entry), document: readShellDocument(shellBuild) };
}

/**
 * A request target the URL parser would leave as it is: characters it does not escape, no dot
 * segments, no doubled slash at the start, no backslash.
 */
const plainTarget = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;
const dotSegment = /\/\.\.?(?:[/?]|$)/;

/**
 * A request's path and query. A plain target is split as it is; any other goes through the URL
 * parser, appended, never resolved: a path that starts with // is not a host.
 * @param {string} url the request's target (a Web Request's is absolute)
 */
function addressOf(url) {
  if (plainTarget.test(url) && !dotSegment.test(url)) {
    const query = url.indexOf('?');
    return query < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, query), search: url.slice(query) };
  }
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(url);
  const { pathname, search } = new URL(absolute ? url : `http://shell.invalid${url.startsWith('/') ? '' : '/'}${url}`);
  return { pathname, search };
}

/** A path that names a file (its last segment has an extension), not a page. */
const namesFile = (/** @type {string} */ pathname) => /\.[a-z0-9]+$/i.test(pathname);

const flat = (/** @type {Record<string, string>} */ headers) => Object.entries(headers).flat();

/** The encoding to send for each Accept-Encoding seen lately (browsers send a handful of them). */
const encodingsAccepted = new LRUCache({ max: 100 });

/** The encoding to send, by the request's Accept-Encoding. */
export function preferredEncoding(/** @type {string | null} */ accepted) {
  if (!accepted) return 'identity';
  let encoding = /** @type {Encoding | undefined} */ (encodingsAccepted.get(accepted));
  if (!encoding) encodingsAccepted.set(accepted, (encoding = negotiatedEncoding(accepted)));
  return encoding;
}

/** @returns {Encoding} */
function negotiatedEncoding(/** @type {string} */ accepted) {
  /** @type {Record<string, number>} */
  const quality = {};
  for (const part of accepted.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    quality[name.trim()] = q === undefined ? 1 : Number(q);
  }
  const accepts = (/** @type {string} */ name) => (quality[name] ?? quality['*'] ?? 0) > 0;
  return /** @type {Encoding} */ (accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : 'identity');
}

/** Whether an If-None-Match names `etag` (compared as HTTP's weak comparison does: W/ aside). */
export function matchesEtag(/** @type {string | null} */ ifNoneMatch, /** @type {string} */ etag) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/**
 * @param {object} options
 * @param {ShellServerEntry} options.shell what renders the layout (loadShell)
 * @param {ShellDocument} options.document the shell's document (loadShell)
 * @param {RemoteMapSource} options.remoteMap
 * @param {FragmentSource} options.fragmentOf
 * @param {readonly string[]} options.sliceOrigins where this environment's slices are served from
 * @param {string} options.gameProvider the game provider's origin
 * @param {number} [options.pageCacheBytes]
 * @param {() => number} [options.now]
 * @param {(line: string) => void} [options.log]
 */
export function createShellHandler({
  shell,
  document,
  remoteMap,
  fragmentOf,
  sliceOrigins,
  gameProvider,
  pageCacheBytes = 64 * 1024 * 1024,
  now = Date.now,
  log = console.error,
}) {
  const security = flat(securityHeaders({ sliceOrigins, inlineScripts: document.inlineScripts, gameProvider }));
  const pages = createPageCache({ maxBytes: pageCacheBytes, now });
  /** The exposed page each path shows, matched once (a page answered again is composed again). */
  const pagesAt = new LRUCache({ max: 10_000 });
  const pageAt = (/** @type {string} */ path) => {
    if (!pagesAt.has(path)) pagesAt.set(path, shell.pageAt(path) ?? '');
    return /** @type {RemoteModuleId | ''} */ (pagesAt.get(path)) || undefined;
  };

  /** The revision whose released versions' fragments were last fetched ahead. */
  let prefetched = '';
  /** Fetches every fragment of the released versions once per revision of the map, ahead of the pages. */
  const prefetchFragments = async () => {
    const map = remoteMap.current();
    if (map.revision === undefined || map.revision === prefetched) return;
    prefetched = map.revision;
    await Promise.all(
      Object.values(map.view.released).flatMap((entry) => (entry ? [fragmentOf.prefetch(entry.url)] : [])),
    );
  };

  /** @returns {PlainResponse} */
  const plain = (
    /** @type {number} */ status,
    /** @type {string} */ text,
    { type = 'text/plain; charset=utf-8', cache = cachePolicy.revalidate, headers = /** @type {string[]} */ ([]) } = {},
  ) => ({ status, headers: [...security, 'Content-Type', type, 'Cache-Control', cache, ...headers], body: text });

  /** The browser's remote map of the current revision, serialised once; its tag changes only with it. */
  let browserMap = { revision: '', body: '', etag: '' };

  /** /remotes.json: what the browser may load, never the map file itself. */
  const remoteMapResponse = (/** @type {RequestParts} */ request, /** @type {URLSearchParams} */ query) => {
    const state = remoteMap.current();
    const json = 'application/json';
    if (state.revision === undefined)
      return plain(503, JSON.stringify({ error: state.unusable }), { type: json, cache: cachePolicy.private });
    if (query.has('preview')) {
      const asked = (query.get('preview') ?? '').split(',').map((item) => item.split('@'));
      const previews = Object.fromEntries(asked.map(([slice = '', version = '']) => [slice, version]));
      return plain(200, JSON.stringify(browserRemoteMap(state.view, previews)), {
        type: json,
        cache: cachePolicy.private,
      });
    }
    if (browserMap.revision !== state.revision) {
      const body = JSON.stringify(browserRemoteMap(state.view));
      const etag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      browserMap = { revision: state.revision, body, etag };
    }
    const etag = `"${browserMap.etag}"`;
    const headers = ['ETag', etag, 'X-Accel-Expires', edgeExpiry(now())];
    if (matchesEtag(request.headers.get('if-none-match'), etag))
      return { status: 304, headers: [...headers, 'Cache-Control', cachePolicy.page] };
    return plain(200, browserMap.body, { type: json, cache: cachePolicy.page, headers });
  };

  /**
   * The headers a page is sent with in one form, shared or private, for one kind of answer:
   * built once per second (the edge's expiry changes with it), then reused.
   * @param {KeptPage} page
   * @param {Encoding} encoding
   * @param {boolean} shared
   * @param {'hit' | 'stale' | 'miss'} cache
   */
  const headersOf = (page, encoding, shared, cache) => {
    const second = Math.floor(now() / 1000);
    const key = `${encoding} ${shared} ${cache}`;
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
      'Accept-Encoding',
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

  /** @returns {PlainResponse} */
  const pageResponse = (
    /** @type {RequestParts} */ request,
    /** @type {KeptPage} */ page,
    /** @type {{ cache: 'hit' | 'stale' | 'miss', preview: boolean }} */ { cache, preview },
  ) => {
    const encoding = preferredEncoding(request.headers.get('accept-encoding'));
    const shared = page.shared && !preview;
    const etag = page.etags[encoding];
    if (matchesEtag(request.headers.get('if-none-match'), etag)) {
      const kept = [
        'Cache-Control',
        shared ? cachePolicy.page : cachePolicy.private,
        'Server-Timing',
        `cache;desc=${cache}`,
      ];
      const expiry = shared ? ['X-Accel-Expires', edgeExpiry(now())] : [];
      return { status: 304, headers: ['ETag', etag, 'Vary', 'Accept-Encoding', ...kept, ...expiry] };
    }
    return {
      status: page.status,
      headers: headersOf(page, encoding, shared, cache),
      body: request.method === 'HEAD' ? undefined : page.bodies[encoding],
    };
  };

  /**
   * A page: the one kept if nothing it depends on changed, else composed now. A page kept
   * without its fragment answers while it is composed again, in the background.
   * @param {RequestParts} request
   * @param {string} path canonical
   * @param {boolean} preview
   */
  const page = (request, path, preview) => {
    const map = remoteMap.current();
    if (map.revision !== prefetched)
      prefetchFragments().catch((error) => log(`Fetching fragments ahead failed: ${error}`));
    const year = yearNow();
    const kept = pages.kept(path);
    if (kept && kept.dependencies === dependenciesOf(map, year, kept.slice)) {
      if (kept.keepUntil > now()) return pageResponse(request, kept, { cache: 'hit', preview });
      compose(path, map, year).catch((error) => log(`Composing ${path} again failed: ${error}`));
      return pageResponse(request, kept, { cache: 'stale', preview });
    }
    return compose(path, map, year).then(
      ({ page: composed, reused }) => pageResponse(request, composed, { cache: reused ? 'hit' : 'miss', preview }),
      (error) => {
        log(`Composing ${path} failed; the browser renders it. ${error instanceof Error ? error.stack : error}`);
        return plain(200, document.static, { type: 'text/html; charset=utf-8', cache: cachePolicy.private });
      },
    );
  };

  /**
   * What a page of `slice` is composed from, now: the year, and the slice's released version (or
   * why no page can load).
   * @param {RemoteMapState} map
   * @param {number} year
   * @param {string | undefined} slice
   */
  const dependenciesOf = (map, year, slice) => {
    if (dependencies.map !== map || dependencies.year !== year) dependencies = { map, year, bySlice: new Map() };
    let known = dependencies.bySlice.get(slice);
    if (known === undefined) {
      known =
        map.revision === undefined
          ? `${year} unusable: ${map.unusable}`
          : `${year} ${slice ? (map.view.released[/** @type {SliceName} */ (slice)]?.url ?? '-') : ''}`;
      dependencies.bySlice.set(slice, known);
    }
    return known;
  };
  /** The dependencies of each slice's pages, worked out once per map revision and year. */
  let dependencies = { map: /** @type {RemoteMapState | undefined} */ (undefined), year: 0, bySlice: new Map() };

  /** The year now, read from the clock at most once a second. */
  const yearNow = () => {
    const second = Math.floor(now() / 1000);
    if (second !== clock.second) clock = { second, year: new Date(second * 1000).getFullYear() };
    return clock.year;
  };
  let clock = { second: -1, year: 0 };

  /**
   * Composes the page at `path` from the released version of its slice (once for concurrent
   * requests) and keeps it. Every address that names nothing (no page, or an id its slice does not
   * know) shows the same page, nothing of the address in it: kept once, under what it shows, and
   * reused for the next such address.
   * @param {string} path
   * @param {RemoteMapState} map
   * @param {number} year
   * @returns {Promise<{ page: KeptPage, reused: boolean }>}
   */
  const compose = async (path, map, year) => {
    const exposed = pageAt(path);
    const { remote: slice, exposed: exposedPage = '' } = exposed ? splitPage(exposed) : {};
    const entry = slice && map.revision !== undefined ? map.view.released[slice] : undefined;
    const siteUnavailable = map.revision === undefined ? map.unusable : undefined;
    const dependencies = dependenciesOf(map, year, slice);
    const started = performance.now();
    const found = entry && siteUnavailable === undefined ? await fragmentOf(entry.url, path, exposedPage) : undefined;
    const fetched = performance.now();
    const notFound = exposed === undefined || (found?.kind === 'fragment' && found.notFound === true);
    const key = notFound && siteUnavailable === undefined ? `not found: ${exposed ?? 'no page'}` : path;
    const shown = key === path ? undefined : pages.kept(key);
    if (shown && shown.dependencies === dependencies && shown.keepUntil > now()) return { page: shown, reused: true };
    const page = await pages.compose(key, dependencies, async () => {
      const { status, html } = await composePage(
        { shell, document },
        {
          path,
          year,
          remotes: slice && entry ? { [slice]: entry.url } : {},
          versions: slice && entry ? { [slice]: entry.version } : {},
          fragment: found?.kind === 'fragment' ? found : undefined,
          siteUnavailable,
          hasSlot: exposed !== undefined,
        },
      );
      const rendered = performance.now();
      const final = found?.kind !== 'unavailable';
      // The router's catch-all renders Not Found with 200: a path that shows no page is a 404, and
      // so is an address the slice says names nothing (an unknown game).
      const answered = siteUnavailable !== undefined ? 503 : notFound ? 404 : status;
      return {
        slice,
        status: answered,
        html,
        final,
        retryAt: found?.kind === 'unavailable' ? found.retryAt : undefined,
        stray: (found?.kind !== 'fragment' || found.notFound === true) && siteUnavailable === undefined,
        // Not kept by a shared cache: a page without its fragment, a site that cannot load its pages.
        shared: final && (answered === 200 || answered === 404),
        tags: ['shell', ...(slice ? [slice] : [])].join(' '),
        timing: `fragment;dur=${(fetched - started).toFixed(1)}, render;dur=${(rendered - fetched).toFixed(1)}`,
      };
    });
    return { page, reused: false };
  };

  return {
    /**
     * @param {RequestParts} request
     * @returns {Answer | Promise<Answer>}
     */
    respond(request) {
      const { pathname, search } = addressOf(request.url);
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return plain(405, 'Method not allowed: this site answers GET and HEAD.', { headers: ['Allow', 'GET, HEAD'] });
      if (pathname === '/remotes.json') return remoteMapResponse(request, new URLSearchParams(search));
      if (namesFile(pathname))
        return {
          file: pathname,
          headers: [
            ...security,
            'Cache-Control',
            pathname.startsWith('/assets/') ? cachePolicy.immutable : cachePolicy.revalidate,
          ],
        };
      // A page has one address: any other spelling of it is sent there for good.
      const canonical = canonicalPath(pathname);
      if (canonical !== pathname)
        return {
          status: 308,
          headers: [...security, 'Location', canonical + search, 'Cache-Control', cachePolicy.revalidate],
        };
      return page(request, pathname, /[?&]preview(=|&|$)/.test(search));
    },
    /** Whether it can serve the site's pages: it has a usable remote map. */
    ready: () => remoteMap.current().revision !== undefined,
    /** Fetches the fragments of the map's released versions, if it has not for this revision: before the first request. */
    prefetchFragments,
    /** What the page cache holds. */
    cacheSize: pages.size,
  };
}

/**
 * A plain response as a Web `Response`, for fetch-style runtimes.
 * @param {PlainResponse} response
 */
export function toWebResponse({ status, headers, body }) {
  const list = new Headers();
  for (let i = 0; i < headers.length; i += 2)
    list.append(/** @type {string} */ (headers[i]), /** @type {string} */ (headers[i + 1]));
  return new Response(/** @type {BodyInit | null} */ (/** @type {unknown} */ (body ?? null)), {
    status,
    headers: list,
  });
}
