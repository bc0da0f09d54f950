// @ts-check
// The shell origin's request handler: every page composed on the server and kept (see
// page-cache.mjs), the browser's remote map, the shell's build files, and the page policy
// (methods, canonical addresses, security headers, compression, caching). It takes the
// Web-standard parts of a request and answers a plain response a runtime adapter sends
// (node-server.mjs for Node; toWebResponse for a fetch-style runtime).
import { createHash, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { canonicalPath, splitPage } from '@nova/contracts/routes';
import { sliceNames } from '@nova/contracts/slices';
import { previewOf } from '@nova/signing/preview-token';
import {
  bucketChoiceStatus,
  bucketCount,
  bucketSetCookie,
  edgeBucketsHeader,
  readBucket,
  seesCanary,
} from '@nova/contracts/traffic';
import { LRUCache } from 'lru-cache';
import { composePage } from './compose.mjs';
import { preferredEncoding } from './encoding.mjs';
import { createPageCache } from './page-cache.mjs';
import { cachePolicy, edgeExpiry, securityHeaders } from './page-policy.mjs';
import { browserRemoteMap, entryFor, everySliceOrigin } from './remote-map-view.mjs';
import { readShellDocument } from './shell-document.mjs';

/** @typedef {import('./compose.mjs').ShellServerEntry} ShellServerEntry */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./remote-map-source.mjs').RemoteMapSource} RemoteMapSource */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('./fragments.mjs').FragmentLookup} FragmentLookup */
/** @typedef {import('./remote-map-view.mjs').SliceEntry} SliceEntry */
/** @typedef {import('./remote-map-view.mjs').RemoteMapView} RemoteMapView */
/** @typedef {import('@nova/signing/signing').Signer} Signer */
/** @typedef {import('./fragments.mjs').FragmentSource} FragmentSource */
/** @typedef {ReturnType<typeof import('./field-signals.mjs').createFieldSignals>} FieldSignals */
/** @typedef {import('./page-cache.mjs').KeptPage} KeptPage */
/** @typedef {import('./page-cache.mjs').Encoding} Encoding */
/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('@nova/contracts/remote-modules').RemoteModuleId} RemoteModuleId */
/** @typedef {import('./compose.mjs').MatchedShell} MatchedShell */
/** @typedef {{ exposed?: RemoteModuleId, slice?: SliceName, page?: string }} PageShown */
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
 * (packages/build-preset/src/shell-server-build.js), and its document.
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
 * parser, appended, never resolved: a path that starts with // is not a host. A target the
 * parser refuses (`http://[`) has none.
 * @param {string} url the request's target (a Web Request's is absolute)
 * @returns {{ pathname: string, search: string } | undefined}
 */
function addressOf(url) {
  if (plainTarget.test(url) && !dotSegment.test(url)) {
    const query = url.indexOf('?');
    return query < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, query), search: url.slice(query) };
  }
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(url);
  const parsed = URL.parse(absolute ? url : `http://shell.invalid${url.startsWith('/') ? '' : '/'}${url}`);
  return parsed ? { pathname: parsed.pathname, search: parsed.search } : undefined;
}

/** A path that names a file (its last segment has an extension), not a page. */
const namesFile = (/** @type {string} */ pathname) => /\.[a-z0-9]+$/i.test(pathname);

const flat = (/** @type {Record<string, string>} */ headers) => Object.entries(headers).flat();

/** What the handler may remember of the paths it was asked for (what each shows), in bytes. */
const pathMemoryBytes = 4 * 1024 * 1024;
/** What remembering one path costs besides its characters, about (the entry, what it shows). */
const pathEntryBytes = 200;

/** Why no page can load with this state of the map, if none can. */
const unusableReason = (/** @type {RemoteMapState} */ map) => (map.revision === undefined ? map.unusable : undefined);

/** Whether an If-None-Match names `etag` (compared as HTTP's weak comparison does: W/ aside). */
export function matchesEtag(/** @type {string | null} */ ifNoneMatch, /** @type {string} */ etag) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/** The edge's header, as request parts name headers (in lower case, as Node keeps them). */
const edgeBuckets = edgeBucketsHeader.toLowerCase();

/**
 * A visitor, as far as an answer depends on their bucket (some slice it shows has a canary): the
 * bucket their cookie names; a new one, given with `Set-Cookie`; none if their cookie is
 * ambiguous (they see the released versions); or, through an edge that gives new visitors their
 * buckets (`edgeBucketsHeader`), none yet: the edge asks again with the one it gives.
 * `personal`: the answer is this visitor's alone (a bucket given, or an ambiguous cookie), for no
 * shared cache, and never a 304 (a cookie given must reach the visitor).
 * @typedef {{ bucket?: number, setCookie?: string, personal: boolean, edgeChooses?: true }} Visitor
 * @param {RequestParts} request
 * @returns {Visitor}
 */
function visitorOf(request) {
  const { bucket, ambiguous } = readBucket(request.headers.get('cookie'));
  if (bucket !== undefined) return { bucket, personal: false };
  if (ambiguous) return { personal: true };
  if (request.headers.get(edgeBuckets) !== null) return { personal: false, edgeChooses: true };
  const assigned = randomInt(bucketCount);
  const secure = request.url.startsWith('https:') || request.headers.get('x-forwarded-proto') === 'https';
  return { bucket: assigned, setCookie: bucketSetCookie(assigned, secure), personal: true };
}

/**
 * The headers an answer adds for its visitor: it varies by the bucket's cookie, and a new visitor
 * gets one.
 * @param {Visitor | undefined} visitor
 */
const visitorHeaders = (visitor) => [
  ...(visitor ? ['Vary', 'Cookie'] : []),
  ...(visitor?.setCookie ? ['Set-Cookie', visitor.setCookie] : []),
];

/**
 * @param {object} options
 * @param {ShellServerEntry} options.shell what renders the layout (loadShell)
 * @param {ShellDocument} options.document the shell's document (loadShell)
 * @param {RemoteMapSource} options.remoteMap
 * @param {FragmentSource} options.fragmentOf
 * @param {import('./remote-map-view.mjs').SliceOrigins} options.sliceOrigins which origins serve which slice (the CSP allows them all)
 * @param {readonly string[]} [options.sockets] WebSocket origins pages may connect to (`pnpm dev`'s HMR)
 * @param {string} options.gameProvider the game provider's origin
 * @param {number} [options.pageCacheBytes]
 * @param {() => number} [options.now]
 * @param {(line: string) => void} [options.log]
 * @param {FieldSignals} [options.fieldSignals] field signals in (field-signals.mjs)
 * @param {Signer} [options.signer] the environment's key, which preview links are signed with (none: no preview)
 */
export function createShellHandler({
  shell,
  document,
  remoteMap,
  fragmentOf,
  sliceOrigins,
  sockets,
  gameProvider,
  pageCacheBytes = 64 * 1024 * 1024,
  now = Date.now,
  log = console.error,
  fieldSignals,
  signer,
}) {
  const security = flat(
    securityHeaders({
      sliceOrigins: everySliceOrigin(sliceOrigins),
      inlineScripts: document.inlineScripts,
      gameProvider,
      sockets,
    }),
  );
  const pages = createPageCache({ maxBytes: pageCacheBytes, now });
  /**
   * What each path shows, as the shell matched it: its exposed page and slice (nothing for a path
   * that shows none). Kept, so that a page answered again costs no match; the page's slice decides
   * the kept page, the version and the fragment before anything renders. A request matches at
   * most once: a page composed on the request that matched it renders with that match. Bounded
   * by the bytes of the paths too: made-up addresses of 15 KB each would otherwise hold 150 MB.
   * @type {LRUCache<string, PageShown>}
   */
  const pagesAt = new LRUCache({
    max: 10_000,
    maxSize: pathMemoryBytes,
    sizeCalculation: (_, path) => pathEntryBytes + path.length,
  });
  /**
   * The shell at `path`, matched with the map's state now; what it shows is kept.
   * @param {string} path
   * @param {RemoteMapState} map
   */
  const matchAt = async (path, map) => {
    const matched = await shell.matchShell({ path, siteUnavailable: unusableReason(map) });
    const { page: exposed } = matched;
    /** @type {PageShown} */
    let shown = {};
    if (exposed) {
      const { remote, exposed: page } = splitPage(exposed);
      shown = { exposed, slice: remote, page };
    }
    pagesAt.set(path, shown);
    return { matched, shown };
  };

  /** The revision whose released versions' fragments were last fetched ahead. */
  let prefetched = '';
  /** Fetches every fragment of the released versions once per revision of the map, ahead of the pages. */
  const prefetchFragments = async () => {
    const map = remoteMap.current();
    if (map.revision === undefined || map.revision === prefetched) return;
    prefetched = map.revision;
    const entries = [...Object.values(map.view.released), ...Object.values(map.view.canaries)];
    await Promise.all(entries.flatMap((entry) => (entry ? [fragmentOf.prefetch(entry)] : [])));
  };

  /** @returns {PlainResponse} */
  const plain = (
    /** @type {number} */ status,
    /** @type {string} */ text,
    { type = 'text/plain; charset=utf-8', cache = cachePolicy.revalidate, headers = /** @type {string[]} */ ([]) } = {},
  ) => ({ status, headers: [...security, 'Content-Type', type, 'Cache-Control', cache, ...headers], body: text });

  /**
   * The versions a tab's preview links let it load: each link's token signed with the
   * environment's key, not expired, for a version the map lists and never rolled back. Anything
   * else is ignored, and nothing says why: the tab gets the released versions.
   * @param {string} tokens comma-separated
   * @param {RemoteMapView} view
   * @returns {Partial<Record<SliceName, string>>}
   */
  const previewsAllowed = (tokens, view) => {
    if (!signer) return {};
    const previews = tokens.split(',', sliceNames.length).map((token) => previewOf(signer, token, now()));
    return Object.fromEntries(
      previews.flatMap((preview) => {
        const slice = /** @type {SliceName | undefined} */ (sliceNames.find((name) => name === preview?.slice));
        if (!preview || !slice || view.rolledBack(slice, preview.version) || !view.listed(slice, preview.version))
          return [];
        return [[slice, preview.version]];
      }),
    );
  };

  /**
   * To an edge that gives buckets and asked without one: this answer depends on the bucket; ask
   * again with it. Kept by the edge a minute (`cachePolicy.bucketChoice`).
   * @returns {PlainResponse}
   */
  const bucketChoice = () =>
    plain(bucketChoiceStatus, '', { cache: cachePolicy.bucketChoice, headers: ['Vary', 'Cookie'] });

  /**
   * The browser's remote map of the current revision for each set of canaries a bucket sees,
   * serialised once; its tag changes only with it.
   */
  let browserMaps = { revision: '', bySeen: new Map() };

  /** /remotes.json: what the browser may load, never the map file itself. */
  const remoteMapResponse = (/** @type {RequestParts} */ request, /** @type {URLSearchParams} */ query) => {
    const state = remoteMap.current();
    const json = 'application/json';
    if (state.revision === undefined)
      return plain(503, JSON.stringify({ error: state.unusable }), { type: json, cache: cachePolicy.private });
    const canaries = Object.entries(state.view.canaries);
    const visitor = canaries.length > 0 ? visitorOf(request) : undefined;
    if (visitor?.edgeChooses) return bucketChoice();
    const bucket = visitor?.bucket;
    if (query.has('preview')) {
      const previews = previewsAllowed(query.get('preview') ?? '', state.view);
      return plain(200, JSON.stringify(browserRemoteMap(state.view, { previews, bucket })), {
        type: json,
        cache: cachePolicy.private,
        headers: visitorHeaders(visitor),
      });
    }
    if (browserMaps.revision !== state.revision) browserMaps = { revision: state.revision, bySeen: new Map() };
    const seen = canaries.flatMap(([slice, { share }]) => (seesCanary(bucket ?? -1, share) ? [slice] : [])).join();
    let served = browserMaps.bySeen.get(seen);
    if (!served) {
      const body = JSON.stringify(browserRemoteMap(state.view, { bucket }));
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
      browserMaps.bySeen.set(seen, served);
    }
    const shared = !visitor?.personal;
    const cache = shared ? cachePolicy.page : cachePolicy.private;
    const headers = [
      'ETag',
      served.etag,
      ...(shared ? ['X-Accel-Expires', edgeExpiry(now())] : []),
      ...visitorHeaders(visitor),
    ];
    if (shared && matchesEtag(request.headers.get('if-none-match'), served.etag))
      return { status: 304, headers: [...headers, 'Cache-Control', cache] };
    return plain(200, served.body, { type: json, cache, headers });
  };

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

  /** @returns {PlainResponse} */
  const pageResponse = (
    /** @type {RequestParts} */ request,
    /** @type {KeptPage} */ page,
    /** @type {{ cache: 'hit' | 'stale' | 'miss', preview: boolean, visitor?: Visitor }} */ { cache, preview, visitor },
  ) => {
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
    const shown = pagesAt.get(path);
    if (shown) return pageShowing(request, path, preview, map, shown);
    return matchAt(path, map).then(
      ({ matched, shown: matchedShown }) => pageShowing(request, path, preview, map, matchedShown, matched),
      (error) => staticDocument(path, error),
    );
  };

  /** When a page cannot be composed: the document as built, which the browser renders. */
  const staticDocument = (/** @type {string} */ path, /** @type {unknown} */ error) => {
    log(`Composing ${path} failed; the browser renders it. ${error instanceof Error ? error.stack : error}`);
    return plain(200, document.static, { type: 'text/html; charset=utf-8', cache: cachePolicy.private });
  };

  /**
   * A page, once what its path shows is known.
   * @param {RequestParts} request
   * @param {string} path canonical
   * @param {boolean} preview
   * @param {RemoteMapState} map
   * @param {PageShown} shown
   * @param {MatchedShell} [matched] this request's match, if it matched
   */
  const pageShowing = (request, path, preview, map, shown, matched) => {
    const year = yearNow();
    const { slice } = shown;
    // A slice with a canary has a page per version: the one the visitor's bucket sees.
    const canary = slice && map.revision !== undefined ? map.view.canaries[slice] : undefined;
    const visitor = canary ? visitorOf(request) : undefined;
    if (visitor?.edgeChooses) return bucketChoice();
    const entry = slice && map.revision !== undefined ? entryFor(map.view, slice, visitor?.bucket) : undefined;
    const variant = canary && entry === canary ? ` ${canary.version}` : '';
    const kept = pages.kept(path + variant);
    if (kept && kept.dependencies === dependenciesOf(map, year, slice, entry)) {
      if (kept.keepUntil > now()) return pageResponse(request, kept, { cache: 'hit', preview, visitor });
      compose(path, shown, variant, entry, map, year, matched).catch((error) =>
        log(`Composing ${path} again failed: ${error}`),
      );
      return pageResponse(request, kept, { cache: 'stale', preview, visitor });
    }
    return compose(path, shown, variant, entry, map, year, matched).then(
      ({ page: composed, reused }) =>
        pageResponse(request, composed, { cache: reused ? 'hit' : 'miss', preview, visitor }),
      (error) => staticDocument(path, error),
    );
  };

  /**
   * What a page of `slice` is composed from, now: the year, and the version of the slice it shows
   * (or why no page can load).
   * @param {RemoteMapState} map
   * @param {number} year
   * @param {string | undefined} slice
   * @param {SliceEntry | undefined} entry the version it shows
   */
  const dependenciesOf = (map, year, slice, entry) => {
    if (dependencies.map !== map || dependencies.year !== year) dependencies = { map, year, byEntry: new Map() };
    const which = entry ?? slice ?? '';
    let known = dependencies.byEntry.get(which);
    if (known === undefined) {
      known =
        map.revision === undefined
          ? `${year} unusable: ${map.unusable}`
          : `${year} ${slice ? (entry?.url ?? '-') : ''}`;
      dependencies.byEntry.set(which, known);
    }
    return known;
  };
  /** The dependencies of each version's pages, worked out once per map revision and year. */
  let dependencies = { map: /** @type {RemoteMapState | undefined} */ (undefined), year: 0, byEntry: new Map() };

  /** The year now, read from the clock at most once a second. */
  const yearNow = () => {
    const second = Math.floor(now() / 1000);
    if (second !== clock.second) clock = { second, year: new Date(second * 1000).getFullYear() };
    return clock.year;
  };
  let clock = { second: -1, year: 0 };

  /**
   * Composes the page at `path` from a version of its slice, `entry` (once for concurrent
   * requests) and keeps it. Every address that names nothing (no page, or an id its slice does not
   * know) shows the same page, nothing of the address in it: kept once, under what it shows, and
   * reused for the next such address. A canary's pages are kept apart, under their `variant`.
   * @param {string} path
   * @param {PageShown} shown what the path shows
   * @param {string} variant '' for the released version's page, else the canary's version
   * @param {SliceEntry | undefined} entry
   * @param {RemoteMapState} map
   * @param {number} year
   * @param {MatchedShell} [matched] the shell at the path, if this request matched it
   * @returns {Promise<{ page: KeptPage, reused: boolean }>}
   */
  const compose = async (path, shown, variant, entry, map, year, matched) => {
    const { exposed, slice, page: exposedPage = '' } = shown;
    const siteUnavailable = unusableReason(map);
    const dependencies = dependenciesOf(map, year, slice, entry);
    const started = performance.now();
    const found = entry && siteUnavailable === undefined ? await fragmentOf(entry, path, exposedPage) : undefined;
    const fetched = performance.now();
    const notFound = exposed === undefined || (found?.kind === 'fragment' && found.notFound === true);
    const key = (notFound && siteUnavailable === undefined ? `not found: ${exposed ?? 'no page'}` : path) + variant;
    const keptUnderKey = key === path + variant ? undefined : pages.kept(key);
    if (keptUnderKey && keptUnderKey.dependencies === dependencies && keptUnderKey.keepUntil > now())
      return { page: keptUnderKey, reused: true };
    const page = await pages.compose(key, dependencies, async () => {
      const { status, html } = composePage(document, {
        matched: matched ?? (await matchAt(path, map)).matched,
        year,
        remotes: slice && entry ? { [slice]: entry.url } : {},
        versions: slice && entry ? { [slice]: entry.version } : {},
        integrities: slice && entry ? { [slice]: entry.integrity } : {},
        fragment: found?.kind === 'fragment' ? found : undefined,
        siteUnavailable,
      });
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
      const address = addressOf(request.url);
      if (!address) return plain(400, 'Bad request: the address cannot be read.', { cache: cachePolicy.private });
      const { pathname, search } = address;
      // Its own methods (POST for field signals) and answers, with the site's security headers.
      if (fieldSignals?.answers(pathname))
        return fieldSignals
          .respond(request, pathname)
          .then((answer) => ({ ...answer, headers: [...security, ...answer.headers] }));
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
      // A tab that previews renders in the browser: its page is its own (the same query parser as
      // /remotes.json and the shell, so `?%70review=` is one too).
      return page(request, pathname, search !== '' && new URLSearchParams(search).has('preview'));
    },
    /** Whether it can serve the site's pages: it has a usable remote map. */
    ready: () => remoteMap.current().revision !== undefined,
    /** Fetches the fragments of the map's released versions, if it has not for this revision: before the first request. */
    prefetchFragments,
    /** What the page cache holds. */
    cacheSize: pages.size,
    /** What is remembered of the paths asked for: how many, and their bytes as counted against the bound. */
    pathMemory: () => ({ paths: pagesAt.size, bytes: pagesAt.calculatedSize }),
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
