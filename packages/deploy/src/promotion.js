// @ts-check
// Promotion: the exact artifact a slice runs in one environment (its URL, integrity, pages and the
// build it came from), listed in another and released there, or made its canary. A pure change of the
// target environment's map.
import { addVersion, release, releaseCanary } from './map-changes.js';

/** @typedef {import('./map-store.js').RemoteMapJson} RemoteMapJson */
/** @typedef {import('./map-store.js').SliceVersion} SliceVersion */

/**
 * The target map with `entry` (from the source environment) listed as it is and released, or
 * made the canary with `share` %. A target that lists the version as another artifact refuses.
 * @param {RemoteMapJson} map the target environment's map
 * @param {string} slice
 * @param {SliceVersion} entry the version as the source environment lists it
 * @param {number | undefined} share the canary's share, or undefined to release it
 * @param {Date} now
 * @returns {RemoteMapJson}
 */
export function promoted(map, slice, entry, share, now) {
  const { version, integrity, pages } = entry.metadata;
  const listed = (map.microFrontends[slice] ?? []).find((candidate) => candidate.metadata.version === version);
  if (listed && (listed.url !== entry.url || listed.metadata.integrity !== integrity))
    throw new Error(
      `The target lists ${slice} ${version} as another artifact (${listed.url}, ${listed.metadata.integrity}), ` +
        `not ${entry.url} (${integrity}): a promotion carries the exact artifact.`,
    );
  const builtFrom = entry.extras?.builtFrom;
  /** @type {SliceVersion} */
  const artifact = {
    url: entry.url,
    metadata: { integrity, version, ...(pages ? { pages } : {}) },
    deployment: { traffic: 0, default: false },
    ...(builtFrom ? { extras: { builtFrom } } : {}),
  };
  const withArtifact = addVersion(map, slice, artifact);
  return share === undefined
    ? release(withArtifact, slice, version, now)
    : releaseCanary(withArtifact, slice, version, share, now);
}
