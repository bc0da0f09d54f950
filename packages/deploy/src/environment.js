// @ts-check
// One environment's deployments: the versions of each slice (immutable folders) and the
// remote map that says which one is released. Pure functions on the map, plus where it is
// (map-store.js changes it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyRemoteMap, releasedVersion } from '@nova/contracts/remote-map';
import { slices } from '@nova/contracts/slices';

/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */
/** @typedef {import('@nova/contracts/remote-map').SliceVersion} SliceVersion */
/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */

/** The deployments `npm start` serves: one local environment, in the repository (git-ignored). */
export const localDeployments = join(import.meta.dirname, '../../../deployments');

/** Where one version of a slice lives: `<root>/<slice>/<version>/`, never changed once written. */
export const versionFolder = (/** @type {string} */ root, /** @type {string} */ slice, /** @type {string} */ version) =>
  join(root, slice, version);

/** The environment's remote map, served as /remotes.json. */
export const remoteMapFile = (/** @type {string} */ root) => join(root, 'remotes.json');

/**
 * Where each slice's versions are served from in this environment (a slice's folder at that
 * origin): `<root>/environment.json` if it says, else the local ports of the slice list.
 * @param {string} root
 * @returns {Record<SliceName, string>}
 */
export function sliceOrigins(root) {
  const file = join(root, 'environment.json');
  const configured = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).origins : {};
  return /** @type {Record<SliceName, string>} */ (
    Object.fromEntries(
      Object.entries(slices).map(([name, { port }]) => [name, configured?.[name] ?? `http://localhost:${port}`]),
    )
  );
}

/**
 * The local environment's map as it is now, for reading (change it through a map store).
 * @param {string} root
 */
export function readRemoteMap(root) {
  const file = remoteMapFile(root);
  return /** @type {RemoteMapJson} */ (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : emptyRemoteMap());
}

/**
 * Lists a newly published version (released: no); a version already listed stays as it is.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {SliceVersion} version
 * @returns {RemoteMapJson}
 */
export function addVersion(map, slice, version) {
  const versions = map.microFrontends[slice] ?? [];
  if (versions.some((listed) => listed.metadata.version === version.metadata.version)) return map;
  return { ...map, microFrontends: { ...map.microFrontends, [slice]: [...versions, version] } };
}

/**
 * Makes `version` the released one: all traffic, the default; the release is recorded. Releasing
 * the released version again changes nothing.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {string} version
 * @param {Date} now
 * @returns {RemoteMapJson}
 */
export function release(map, slice, version, now) {
  const versions = map.microFrontends[slice] ?? [];
  if (!versions.some((listed) => listed.metadata.version === version)) {
    throw new Error(`${slice} has no version ${version} in this environment (see: pnpm slice:list).`);
  }
  if (releasedVersion(versions)?.metadata.version === version) return map;
  const released = versions.map((listed) => {
    const chosen = listed.metadata.version === version;
    const releasedAt = [...(listed.extras?.releasedAt ?? []), ...(chosen ? [now.toISOString()] : [])];
    return {
      ...listed,
      deployment: { traffic: chosen ? 100 : 0, default: chosen },
      extras: { ...listed.extras, releasedAt },
    };
  });
  return { ...map, microFrontends: { ...map.microFrontends, [slice]: released } };
}

/**
 * The version released before the current one, by the recorded releases.
 * @param {RemoteMapJson} map
 * @param {string} slice
 */
export function previousRelease(map, slice) {
  const versions = map.microFrontends[slice] ?? [];
  const current = releasedVersion(versions)?.metadata.version;
  const releases = versions
    .flatMap((listed) => (listed.extras?.releasedAt ?? []).map((at) => ({ at, version: listed.metadata.version })))
    .sort((a, b) => a.at.localeCompare(b.at));
  return releases.filter((entry) => entry.version !== current).at(-1)?.version;
}

/**
 * Returns to the version released before the current one.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {Date} now
 */
export function rollback(map, slice, now) {
  const previous = previousRelease(map, slice);
  if (!previous) throw new Error(`${slice} has no earlier release to return to.`);
  return { map: release(map, slice, previous, now), version: previous };
}
