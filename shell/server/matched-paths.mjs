// @ts-check
// What each path shows, as the shell matched it (its exposed page and slice), remembered so that
// a page answered again costs no match: the page's slice decides the kept page, the version and
// the fragment before anything renders.
import { splitPage } from '@nova/contracts/routes';
import { LRUCache } from 'lru-cache';

/** @typedef {import('./page-html.mjs').ShellServerEntry} ShellServerEntry */
/** @typedef {import('./page-html.mjs').MatchedShell} MatchedShell */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('@nova/contracts/remote-modules').RemoteModuleId} RemoteModuleId */
/** @typedef {{ exposed?: RemoteModuleId, slice?: SliceName, page?: string }} PageShown nothing for a path that shows no page */

/** What may be remembered of the paths asked for, in bytes. */
const pathMemoryBytes = 4 * 1024 * 1024;
/** What remembering one path costs besides its characters, about (the entry, what it shows). */
const pathEntryBytes = 200;

/** Why no page can load with this state of the map, if none can. */
export const unusableReason = (/** @type {RemoteMapState} */ map) =>
  map.revision === undefined ? map.unusable : undefined;

/**
 * @param {ShellServerEntry} shell what renders the layout
 */
export function matchedPaths(shell) {
  /**
   * What each path shows. A request matches at most once: a page composed on the request that
   * matched it renders with that match. Bounded by the bytes of the paths too: made-up addresses
   * of 15 KB each would otherwise hold 150 MB.
   * @type {LRUCache<string, PageShown>}
   */
  const shownAt = new LRUCache({
    max: 10_000,
    maxSize: pathMemoryBytes,
    sizeCalculation: (_, path) => pathEntryBytes + path.length,
  });
  return {
    /** What `path` shows, if it was matched before. */
    shown: (/** @type {string} */ path) => shownAt.get(path),
    /**
     * The shell at `path`, matched with the map's state now; what it shows is remembered.
     * @param {string} path
     * @param {RemoteMapState} map
     * @returns {Promise<{ matched: MatchedShell, shown: PageShown }>}
     */
    match: async (path, map) => {
      const matched = await shell.matchShell({ path, siteUnavailable: unusableReason(map) });
      const { page: exposed } = matched;
      /** @type {PageShown} */
      let shown = {};
      if (exposed) {
        const { remote, exposed: page } = splitPage(exposed);
        shown = { exposed, slice: remote, page };
      }
      shownAt.set(path, shown);
      return { matched, shown };
    },
    /** How many paths are remembered, and their bytes as counted against the bound. */
    memory: () => ({ paths: shownAt.size, bytes: shownAt.calculatedSize }),
  };
}
