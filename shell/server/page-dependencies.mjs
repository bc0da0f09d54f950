// @ts-check
// What a kept page depends on besides its path: the year (in the footer) and the version of the
// slice it shows, or why no page can load. Worked out once per map revision and year, and the
// year read from the clock at most once a second: this runs on every page request.

/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('./remote-map-view.mjs').SliceEntry} SliceEntry */

/** @param {() => number} now */
export function pageDependencies(now) {
  let clock = { second: -1, year: 0 };
  let known = { map: /** @type {RemoteMapState | undefined} */ (undefined), year: 0, byEntry: new Map() };
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
     * @param {SliceEntry | undefined} entry the version it shows
     * @returns {string}
     */
    of: (map, year, slice, entry) => {
      if (known.map !== map || known.year !== year) known = { map, year, byEntry: new Map() };
      const which = entry ?? slice ?? '';
      let dependencies = known.byEntry.get(which);
      if (dependencies === undefined) {
        dependencies =
          map.revision === undefined
            ? `${year} unusable: ${map.unusable}`
            : `${year} ${slice ? (entry?.url ?? '-') : ''}`;
        known.byEntry.set(which, dependencies);
      }
      return dependencies;
    },
  };
}
