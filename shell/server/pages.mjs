// @ts-check
// The site's pages: the one kept (page-cache.mjs) if nothing it depends on changed, else composed
// now from the shell's layout and the fragment of the slice version the visitor sees; a page kept
// without its fragment answers while it is composed again, in the background.
import { composePage, namesNothing } from './compose.mjs';
import { matchedPaths, unusableReason } from './matched-paths.mjs';
import { pageAnswers } from './page-answer.mjs';
import { pageDependencies } from './page-dependencies.mjs';
import { createPageCache } from './page-cache.mjs';
import { cachePolicy } from './page-policy.mjs';
import { entryFor } from './remote-map-view.mjs';
import { visitorOf } from './visitor.mjs';

/** @typedef {import('./answers.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */
/** @typedef {import('./compose.mjs').ShellServerEntry} ShellServerEntry */
/** @typedef {import('./compose.mjs').MatchedShell} MatchedShell */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('./remote-map-view.mjs').SliceEntry} SliceEntry */
/** @typedef {import('./fragment-source.mjs').FragmentSource} FragmentSource */
/** @typedef {import('./page-cache.mjs').KeptPage} KeptPage */
/** @typedef {import('./matched-paths.mjs').PageShown} PageShown */
/** @typedef {import('./visitor.mjs').Visitor} Visitor */

/**
 * One request for a page, once what its path shows is known.
 * @typedef {object} PageRequest
 * @property {RequestParts} request
 * @property {string} path canonical
 * @property {boolean} preview whether the tab previews (its page is its own)
 * @property {RemoteMapState} map the map's state when the request came
 * @property {PageShown} shown what the path shows
 * @property {MatchedShell} [matched] the shell at the path, if this request matched it
 * @property {number} year
 * @property {Visitor} [visitor] the visitor, if the page depends on their bucket (its slice has a canary)
 * @property {SliceEntry} [entry] the version of its slice the page shows
 * @property {string} variant '' for the released version's page, else the canary's version
 */

/**
 * @param {object} options
 * @param {ShellServerEntry} options.shell
 * @param {ShellDocument} options.document
 * @param {import('./remote-map-source.mjs').RemoteMapSource} options.remoteMap
 * @param {FragmentSource} options.fragmentOf
 * @param {number} options.pageCacheBytes
 * @param {readonly string[]} options.security the security headers, flat
 * @param {import('./answers.mjs').PlainAnswers} options.answers
 * @param {() => number} options.now
 * @param {(line: string) => void} options.log
 */
export function createPages({ shell, document, remoteMap, fragmentOf, pageCacheBytes, security, answers, now, log }) {
  const pages = createPageCache({ maxBytes: pageCacheBytes, now });
  const paths = matchedPaths(shell);
  const dependencies = pageDependencies(now);
  const pageAnswer = pageAnswers({ security, now });

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

  /** When a page cannot be composed: the document as built, which the browser renders. */
  const staticDocument = (/** @type {string} */ path, /** @type {unknown} */ error) => {
    log(`Composing ${path} failed; the browser renders it. ${error instanceof Error ? error.stack : error}`);
    return answers.plain(200, document.static, { type: 'text/html; charset=utf-8', cache: cachePolicy.private });
  };

  /**
   * A page, once what its path shows is known: the visitor's version of it.
   * @param {Omit<PageRequest, 'year' | 'variant'>} asked
   */
  const pageShowing = (asked) => {
    const { map, shown } = asked;
    const year = dependencies.year();
    const { slice } = shown;
    // A slice with a canary has a page per version: the one the visitor's bucket sees.
    const canary = slice && map.revision !== undefined ? map.view.canaries[slice] : undefined;
    const visitor = canary ? visitorOf(asked.request) : undefined;
    if (visitor?.edgeChooses) return answers.bucketChoice();
    const entry = slice && map.revision !== undefined ? entryFor(map.view, slice, visitor?.bucket) : undefined;
    const variant = canary && entry === canary ? ` ${canary.version}` : '';
    const { path, preview, matched } = asked;
    /** @type {PageRequest} */
    const request = { request: asked.request, path, preview, map, shown, matched, year, visitor, entry, variant };
    const kept = pages.kept(path + variant);
    if (kept && kept.dependencies === dependencies.of(map, year, slice, entry)) {
      if (kept.keepUntil > now()) return pageAnswer(request.request, kept, { cache: 'hit', preview, visitor });
      compose(request).catch((error) => log(`Composing ${path} again failed: ${error}`));
      return pageAnswer(request.request, kept, { cache: 'stale', preview, visitor });
    }
    return compose(request).then(
      ({ page: composed, reused }) =>
        pageAnswer(request.request, composed, { cache: reused ? 'hit' : 'miss', preview, visitor }),
      (error) => staticDocument(path, error),
    );
  };

  /**
   * Composes the page a request asks for from the version of its slice it shows (once for
   * concurrent requests) and keeps it. Every address that names nothing (no page, or an id its
   * slice does not know) shows the same page, nothing of the address in it: kept once, under what
   * it shows, and reused for the next such address. A canary's pages are kept apart, under their
   * `variant`.
   * @param {PageRequest} request
   * @returns {Promise<{ page: KeptPage, reused: boolean }>}
   */
  const compose = async ({ path, shown, variant, entry, map, year, matched }) => {
    const { exposed, slice, page: exposedPage = '' } = shown;
    const siteUnavailable = unusableReason(map);
    const dependsOn = dependencies.of(map, year, slice, entry);
    const started = performance.now();
    const found = entry && siteUnavailable === undefined ? await fragmentOf(entry, path, exposedPage) : undefined;
    const fetched = performance.now();
    const key =
      (namesNothing(shown, found) && siteUnavailable === undefined ? `not found: ${exposed ?? 'no page'}` : path) +
      variant;
    const keptUnderKey = key === path + variant ? undefined : pages.kept(key);
    if (keptUnderKey && keptUnderKey.dependencies === dependsOn && keptUnderKey.keepUntil > now())
      return { page: keptUnderKey, reused: true };
    const page = await pages.compose(key, dependsOn, async () => {
      const { status, html } = composePage(document, {
        matched: matched ?? (await paths.match(path, map)).matched,
        shown,
        year,
        entry,
        found,
        siteUnavailable,
      });
      const rendered = performance.now();
      const final = found?.kind !== 'unavailable';
      return {
        slice,
        status,
        html,
        final,
        retryAt: found?.kind === 'unavailable' ? found.retryAt : undefined,
        stray: (found?.kind !== 'fragment' || found.notFound === true) && siteUnavailable === undefined,
        // Not kept by a shared cache: a page without its fragment, a site that cannot load its pages.
        shared: final && (status === 200 || status === 404),
        tags: ['shell', ...(slice ? [slice] : [])].join(' '),
        timing: `fragment;dur=${(fetched - started).toFixed(1)}, render;dur=${(rendered - fetched).toFixed(1)}`,
      };
    });
    return { page, reused: false };
  };

  /**
   * The page at a canonical path.
   * @param {RequestParts} request
   * @param {string} path canonical
   * @param {boolean} preview whether the tab previews
   * @returns {PlainResponse | Promise<PlainResponse>}
   */
  const respond = (request, path, preview) => {
    const map = remoteMap.current();
    if (map.revision !== prefetched)
      prefetchFragments().catch((error) => log(`Fetching fragments ahead failed: ${error}`));
    const shown = paths.shown(path);
    if (shown) return pageShowing({ request, path, preview, map, shown });
    return paths.match(path, map).then(
      ({ matched, shown: matchedShown }) => pageShowing({ request, path, preview, map, shown: matchedShown, matched }),
      (error) => staticDocument(path, error),
    );
  };

  /**
   * Composes every page the released versions have a fragment for, and compresses each at its
   * best, as if each had been asked for once: a process that warms before it listens answers its
   * first visitors from kept pages, like every visitor after. Resolves to the pages composed.
   */
  const warm = async () => {
    const map = remoteMap.current();
    if (map.revision === undefined) return 0;
    const entries = Object.values(map.view.released).flatMap((entry) => (entry ? [entry] : []));
    const listed = new Set((await Promise.all(entries.map((entry) => fragmentOf.prefetch(entry)))).flat());
    await Promise.all(
      [...listed].map((path) => respond({ method: 'GET', url: path, headers: { get: () => null } }, path, false)),
    );
    await pages.settled();
    return listed.size;
  };

  return {
    respond,
    warm,
    prefetchFragments,
    /** What a development override's pages are composed with (overrides.mjs). */
    site: () => ({ map: remoteMap.current(), matchAt: paths.match, fragmentOf, document, year: dependencies.year() }),
    /** What the page cache holds. */
    cacheSize: pages.size,
    /** What is remembered of the paths asked for. */
    pathMemory: paths.memory,
  };
}
