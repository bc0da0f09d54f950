// @ts-check
// The pipeline's third step: the page. The one kept (page-cache.mjs) if nothing it depends on
// changed, else composed now (page-html.mjs) from the shell's layout and the fragment of the version
// chosen; a page kept without its fragment answers while it is composed again, in the background.
// A page composed for one browser alone (an override's) is not kept.
import { composePage, namesNothing } from './page-html.mjs';
import { createPageCache } from './page-cache.mjs';

/** @typedef {import('./page-html.mjs').ShellServerEntry} ShellServerEntry */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('./fragment-source.mjs').FragmentSource} FragmentSource */
/** @typedef {import('./page-cache.mjs').KeptPage} KeptPage */
/**
 * What an address shows: the slice that serves it (none: no slice's paths cover it) and the page of
 * the version shown that is at it (none: no page of it is; the shell's Not Found).
 * @typedef {{ slice?: string, page?: import('@nova/contracts/pages').PageDeclaration }} PageShown
 */
/** @typedef {import('./version-choice.mjs').VersionChoice} VersionChoice */

/**
 * A page, once its path is matched and the version it shows chosen.
 * @typedef {object} PageAsked
 * @property {string} path canonical
 * @property {PageShown} shown what the path shows
 * @property {RemoteMapState} map the map's state when the request came
 * @property {VersionChoice} choice
 * @property {readonly string[]} [security] the answer's security headers, where they are not the site's
 */

/**
 * The page and how it was had: kept and fresh (hit), kept and composed again behind it (stale),
 * or composed for this request (miss).
 * @typedef {{ page: KeptPage, cache: 'hit' | 'stale' | 'miss' }} PageHad
 */

/**
 * @param {object} options
 * @param {ShellServerEntry} options.shell what renders the layout
 * @param {ShellDocument} options.document
 * @param {FragmentSource} options.fragments
 * @param {number} options.pageCacheBytes
 * @param {() => number} options.now
 * @param {(line: string) => void} options.log
 */
export function createPages({ shell, document, fragments, pageCacheBytes, now, log }) {
  const cache = createPageCache({ maxBytes: pageCacheBytes, now });
  const dependencies = pageDependencies(now);
  /** The kept pages being composed again (path and kept-as), each once at a time. */
  const recomposing = new Set();
  /** Whether a kept page is still good: not due again, its fragment's origin serving. */
  const standing = (/** @type {KeptPage} */ kept) =>
    kept.keepUntil > now() && (kept.origin === undefined || fragments.serves(kept.origin));

  /**
   * Composes a page (`asked`) from the version chosen. Every address that names nothing (no page,
   * or an id its slice does not know) shows the same page, nothing of the address in it: kept once,
   * under what it shows, and reused for the next such address. A canary's pages are kept apart.
   * @param {PageAsked} asked
   * @param {number} year
   * @param {string | undefined} keptAs
   * @returns {Promise<PageHad>}
   */
  const compose = async ({ path, shown, map, choice, security }, year, keptAs) => {
    const { slice, page } = shown;
    const siteUnavailable = map.revision === undefined ? map.unusable : undefined;
    const origins = slice && map.revision !== undefined ? map.view.environment.slices[slice]?.origins : undefined;
    const dependsOn = dependencies.of(map, year, slice, choice.version);
    const started = performance.now();
    const { version, devServer } = choice;
    const exposed = page?.module ?? '';
    const found =
      version && siteUnavailable === undefined
        ? await (devServer
            ? fragments.fromDevServer(devServer, path, exposed)
            : fragments(version, path, exposed, { slice, origins }))
        : undefined;
    const fetched = performance.now();
    const module = slice && page ? `${slice}/${page.module}` : undefined;
    const stray = namesNothing(shown, found) && siteUnavailable === undefined;
    // What names nothing is kept once per what it shows: a slice's page, its slice's Not Found, or
    // the shell's (each depends on other things).
    const nothing = `not found: ${module ?? (slice ? `${slice}, no page` : 'no page')}`;
    const key = keptAs === undefined ? undefined : (stray ? nothing : path) + keptAs;
    const keptUnderKey = key === undefined || key === path + keptAs ? undefined : cache.kept(key);
    if (keptUnderKey && keptUnderKey.dependencies === dependsOn && standing(keptUnderKey))
      return { page: keptUnderKey, cache: 'hit' };
    const composition = async () => {
      const route =
        page && module
          ? {
              path: page.path,
              module: /** @type {import('@nova/contracts/remote-modules').RemoteModuleId} */ (module),
              title: page.title,
            }
          : undefined;
      const { status, html } = composePage(document, {
        matched: await shell.matchShell({ path, siteUnavailable, page: route }),
        shown,
        year,
        entry: version,
        origins,
        found,
        overrides: choice.override && { [choice.override.slice]: choice.override.origin },
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
        // Of several origins, the one the fragment came from: the page stands while it serves.
        origin: found?.kind === 'fragment' && origins && origins.length > 1 ? found.origin : undefined,
        stray: (found?.kind !== 'fragment' || found.notFound === true) && siteUnavailable === undefined,
        // Not kept by a shared cache: a page without its fragment, a site that cannot load its pages.
        shared: final && (status === 200 || status === 404),
        tags: ['shell', ...(slice ? [slice] : [])].join(' '),
        timing: `fragment;dur=${(fetched - started).toFixed(1)}, render;dur=${(rendered - fetched).toFixed(1)}`,
        security,
      };
    };
    const composed =
      key === undefined ? await cache.once(composition) : await cache.compose(key, dependsOn, composition);
    return { page: composed, cache: 'miss' };
  };

  return {
    /**
     * The page asked for: kept (at once, no promise), or composed.
     * @param {PageAsked} asked
     * @returns {PageHad | Promise<PageHad>}
     */
    page(asked) {
      const year = dependencies.year();
      const { keptAs } = asked.choice;
      if (keptAs === undefined) return compose(asked, year, undefined);
      const { path, map, shown, choice } = asked;
      const kept = cache.kept(path + keptAs);
      if (kept && kept.dependencies === dependencies.of(map, year, shown.slice, choice.version)) {
        // Its fragment's origin failing: composed again, from the next, for this visitor already.
        if (kept.origin && !fragments.serves(kept.origin)) return compose(asked, year, keptAs);
        if (kept.keepUntil > now()) return { page: kept, cache: 'hit' };
        // Composed again once, in the background, however many ask for it meanwhile.
        const again = path + keptAs;
        if (!recomposing.has(again)) {
          recomposing.add(again);
          compose(asked, year, keptAs)
            .catch((error) => log(`Composing ${path} again failed: ${error}`))
            .finally(() => recomposing.delete(again));
        }
        return { page: kept, cache: 'stale' };
      }
      return compose(asked, year, keptAs);
    },
    /** A number that changes whenever a page is kept or replaced. */
    generation: cache.generation,
    /** Resolves once every composition and compression under way now has ended. */
    settled: cache.settled,
    /** What the page cache holds. */
    cacheSize: cache.size,
  };
}

/**
 * What a kept page depends on besides its path: the year (in the footer) and the version of the
 * slice it shows, or why no page can load. Worked out once per map revision and year, and the
 * year read from the clock at most once a second: this runs on every page request.
 * @param {() => number} now
 */
function pageDependencies(now) {
  let clock = { second: -1, year: 0 };
  let known = { map: /** @type {RemoteMapState | undefined} */ (undefined), year: 0, byVersion: new Map() };
  return {
    /** The year now. */
    year: () => {
      const second = Math.floor(now() / 1000);
      if (second !== clock.second) clock = { second, year: new Date(second * 1000).getFullYear() };
      return clock.year;
    },
    /**
     * What a page of `slice` is composed from, now.
     * @param {RemoteMapState} map
     * @param {number} year
     * @param {string | undefined} slice
     * @param {{ url: string } | undefined} version the version it shows
     * @returns {string}
     */
    of: (map, year, slice, version) => {
      if (known.map !== map || known.year !== year) known = { map, year, byVersion: new Map() };
      const which = version ?? slice ?? '';
      let dependsOn = known.byVersion.get(which);
      if (dependsOn === undefined) {
        dependsOn =
          map.revision === undefined
            ? `${year} unusable: ${map.unusable}`
            : `${year} ${slice ? (version?.url ?? '-') : ''}`;
        known.byVersion.set(which, dependsOn);
      }
      return dependsOn;
    },
  };
}
