// @ts-check
// What publishing, releasing, a canary and a rollback change in an environment's remote map: pure
// functions from one map to the next, which a map store applies (map-store.js). Which version is
// released and which one, if any, is the canary; when each became so is recorded in its extras.
// And what a change may not do to the pages visitors get: bring a page outside its slice's paths
// or onto another slice's (pageConflicts), or drop a page unasked (`--drop-pages`).
import { pageConflicts, servedPages } from '@nova/contracts/page-conflicts';
import { isVersionName, releasedVersion, versionNameRule } from '@nova/contracts/remote-map';
import { canaryVersion, isShare } from '@nova/contracts/traffic';

/** @typedef {import('./map-store.js').RemoteMapJson} RemoteMapJson */
/** @typedef {import('./map-store.js').SliceVersion} SliceVersion */

/**
 * Refuses a version that is not a version name (a map is data: it may hold `../../victim`).
 * @param {string} slice
 * @param {unknown} version
 * @returns {asserts version is string}
 */
export function checkVersionName(slice, version) {
  if (!isVersionName(version))
    throw new Error(`${slice} version ${JSON.stringify(version)} is not a version name (${versionNameRule}).`);
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
 * What the deploy CLI records in a version's extras: when it became the released one
 * (`releasedAt`), when it became the canary (`canaryAt`) and when a rollback took it back
 * (`rolledBackAt`: it can no longer be previewed).
 * @typedef {NonNullable<SliceVersion['extras']> & { canaryAt?: string[], rolledBackAt?: string[] }} VersionExtras
 */

/** The times a version became the canary, oldest first. */
export const canaryTimes = (/** @type {SliceVersion} */ listed) =>
  /** @type {VersionExtras | undefined} */ (listed.extras)?.canaryAt ?? [];

/**
 * The slice's versions, or an error naming the version if it is not among them.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {string} version
 */
function versionsListing(map, slice, version) {
  checkVersionName(slice, version);
  const versions = map.microFrontends[slice] ?? [];
  if (!versions.some((listed) => listed.metadata.version === version)) {
    throw new Error(`${slice} has no version ${version} in this environment (see: pnpm slice:list).`);
  }
  return versions;
}

/**
 * The map with a slice's versions set anew: `traffic` gives each version's share (0 when it
 * names none), `released` the default, `record` what to add to a version's extras.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {{ released: string, traffic: Record<string, number>, record?: { version: string, key: 'releasedAt' | 'canaryAt' | 'rolledBackAt', at: Date } }} plan
 * @returns {RemoteMapJson}
 */
function withDeployment(map, slice, { released, traffic, record }) {
  const versions = (map.microFrontends[slice] ?? []).map((listed) => {
    const { version } = listed.metadata;
    const deployment = { traffic: traffic[version] ?? 0, default: version === released };
    return record?.version === version
      ? withRecord({ ...listed, deployment }, record.key, record.at)
      : { ...listed, deployment };
  });
  return { ...map, microFrontends: { ...map.microFrontends, [slice]: versions } };
}

/**
 * A version with one more time recorded under `key` in its extras.
 * @param {SliceVersion} listed
 * @param {'releasedAt' | 'canaryAt' | 'rolledBackAt'} key
 * @param {Date} at
 * @returns {SliceVersion}
 */
function withRecord(listed, key, at) {
  /** @type {VersionExtras} */
  const extras = { ...listed.extras };
  extras[key] = [...(extras[key] ?? []), at.toISOString()];
  return { ...listed, extras };
}

/**
 * Makes `version` the released one: all traffic, the default; the release is recorded. A canary
 * is cleared (releasing the canary is its promotion). Releasing the released version again
 * changes nothing but clearing a canary.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {string} version
 * @param {Date} now
 * @returns {RemoteMapJson}
 */
export function release(map, slice, version, now) {
  const versions = versionsListing(map, slice, version);
  const alreadyReleased = releasedVersion(versions)?.metadata.version === version;
  if (alreadyReleased && !canaryVersion(versions)) return map;
  const record = alreadyReleased ? undefined : { version, key: /** @type {const} */ ('releasedAt'), at: now };
  return withDeployment(map, slice, { released: version, traffic: { [version]: 100 }, record });
}

/**
 * Makes `version` the slice's canary with `share` % of the traffic; the released version keeps
 * the rest, and an earlier canary of the slice goes back to none. The time is recorded in
 * `extras.canaryAt`. Setting the canary it already is, at the same share, changes nothing.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {string} version
 * @param {number} share a whole percentage from 1 to 99
 * @param {Date} now
 * @returns {RemoteMapJson}
 */
export function releaseCanary(map, slice, version, share, now) {
  if (!isShare(share)) throw new Error(`A canary's share is a whole percentage from 1 to 99, not ${share}.`);
  const versions = versionsListing(map, slice, version);
  const released = releasedVersion(versions)?.metadata.version;
  if (!released) throw new Error(`${slice} has no released version yet: release one before a canary.`);
  if (released === version) throw new Error(`${slice} ${version} is the released version, so it cannot be the canary.`);
  const canary = canaryVersion(versions);
  if (canary?.metadata.version === version && canary.deployment.traffic === share) return map;
  return withDeployment(map, slice, {
    released,
    traffic: { [released]: 100 - share, [version]: share },
    record: { version, key: 'canaryAt', at: now },
  });
}

/**
 * Which canary a slice has: its version, share and when it became the canary (so a canary set
 * again later is another one).
 * @typedef {{ version: string, share: number, since: string | undefined }} CanaryMark
 */

/**
 * The slice's canary, if it has one.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @returns {CanaryMark | undefined}
 */
export function canaryOf(map, slice) {
  const canary = canaryVersion(map.microFrontends[slice] ?? []);
  if (!canary) return undefined;
  return { version: canary.metadata.version, share: canary.deployment.traffic, since: canaryTimes(canary).at(-1) };
}

/** Whether two canary marks name the same canary. */
export const sameCanary = (/** @type {CanaryMark | undefined} */ a, /** @type {CanaryMark | undefined} */ b) =>
  a !== undefined && b !== undefined && a.version === b.version && a.share === b.share && a.since === b.since;

/**
 * Ends a slice's canary: all traffic back on the released version; the canary's rollback is
 * recorded (`extras.rolledBackAt`).
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {Date} now
 * @returns {RemoteMapJson}
 */
export function withdrawCanary(map, slice, now) {
  const versions = map.microFrontends[slice] ?? [];
  const released = releasedVersion(versions)?.metadata.version;
  const canary = canaryVersion(versions)?.metadata.version;
  if (!released || !canary) return map;
  const record = { version: canary, key: /** @type {const} */ ('rolledBackAt'), at: now };
  return withDeployment(map, slice, { released, traffic: { [released]: 100 }, record });
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
 * Rolls a slice back: if it has a canary, all traffic returns to the released version
 * (`withdrawn` names the canary); otherwise it returns to the version released before. Either way
 * the version taken back records it (`extras.rolledBackAt`).
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {Date} now
 * @returns {{ map: RemoteMapJson, version: string, withdrawn?: string }}
 */
export function rollback(map, slice, now) {
  const versions = map.microFrontends[slice] ?? [];
  const canary = canaryVersion(versions);
  const released = releasedVersion(versions)?.metadata.version;
  if (canary && released)
    return { map: withdrawCanary(map, slice, now), version: released, withdrawn: canary.metadata.version };
  const previous = previousRelease(map, slice);
  if (!previous) throw new Error(`${slice} has no earlier release to return to.`);
  const returned = release(map, slice, previous, now);
  const versionsNow = (returned.microFrontends[slice] ?? []).map((listed) =>
    listed.metadata.version === released ? withRecord(listed, 'rolledBackAt', now) : listed,
  );
  return {
    map: { ...returned, microFrontends: { ...returned.microFrontends, [slice]: versionsNow } },
    version: previous,
  };
}

/**
 * The paths the slice's released version serves that `candidate` does not declare: what releasing
 * it drops (none when it is the released version, or nothing is released).
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {SliceVersion} candidate the version to release, as the map lists it (or will)
 * @returns {string[]}
 */
export function droppedPaths(map, slice, candidate) {
  const released = releasedVersion(map.microFrontends[slice] ?? []);
  if (!released || released.metadata.version === candidate.metadata.version) return [];
  const kept = new Set(servedPages(slice, candidate).map(({ path }) => path));
  return servedPages(slice, released)
    .map(({ path }) => path)
    .filter((path) => !kept.has(path));
}

/**
 * Stops releasing `version` (`doing`: release, promote) where it drops a page the released
 * version serves, unless the team says so (`dropPages`: `--drop-pages`). A rollback never asks.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {SliceVersion} candidate
 * @param {{ dropPages: boolean, doing?: string }} options
 */
export function refuseDroppedPages(map, slice, candidate, { dropPages, doing = 'release' }) {
  const dropped = droppedPaths(map, slice, candidate);
  if (dropped.length > 0 && !dropPages)
    throw new Error(
      `${slice} ${candidate.metadata.version} no longer serves ${dropped.join(', ')}: ${doing} it with --drop-pages.`,
    );
}

/**
 * The map after a change, unless the change brings pages that conflict (`pageConflicts`, under
 * the map's environment: a page outside its slice's paths, or one another slice's released
 * version or canary serves): then an error that says each, after `refusal` (`Not released`).
 * @param {RemoteMapJson} before
 * @param {RemoteMapJson} after
 * @param {string} refusal
 * @returns {RemoteMapJson}
 */
export function withoutNewConflicts(before, after, refusal) {
  if (after === before) return after;
  const conflicts = pageConflicts(after, before);
  if (conflicts.length > 0) throw new Error(`${refusal}: ${conflicts.join(' ')}`);
  return after;
}

/**
 * A version of the slice, as the map lists it, or an error naming it.
 * @param {RemoteMapJson} map
 * @param {string} slice
 * @param {string} version
 */
export const listedVersion = (map, slice, version) =>
  /** @type {SliceVersion} */ (
    versionsListing(map, slice, version).find((listed) => listed.metadata.version === version)
  );
