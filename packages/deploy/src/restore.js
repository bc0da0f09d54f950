// @ts-check
// Rolling back to a revision: a slice's entries exactly as an earlier revision of the map listed
// them (which version was released, the canary, every listed version), the other slices as they
// are now. A pure change of the current map.

/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */

/**
 * @param {RemoteMapJson} map the map now
 * @param {string} slice
 * @param {RemoteMapJson} past the map as of `revision`
 * @param {number} revision
 * @returns {RemoteMapJson} `map` itself if the slice is already so
 */
export function restoredSlice(map, slice, past, revision) {
  const entries = Object.hasOwn(past.microFrontends, slice) ? past.microFrontends[slice] : undefined;
  if (!entries || entries.length === 0)
    throw new Error(`${slice} listed nothing at revision ${revision}: there is nothing to return to.`);
  if (JSON.stringify(map.microFrontends[slice]) === JSON.stringify(entries)) return map;
  return { ...map, microFrontends: { ...map.microFrontends, [slice]: entries } };
}
