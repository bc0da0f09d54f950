// @ts-check
// What a write changes, slice by slice: the service compares the map before and after, whatever
// the request says it does. Each changed slice is what authorization checks (the token must cover
// it), what history records (summary, versions, commit) and what promotion checks (the artifacts
// that get traffic).
import { isRecord, releasedVersion } from '@nova/contracts/remote-map';
import { canaryVersion } from '@nova/contracts/traffic';

/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */
/** @typedef {import('@nova/contracts/remote-map').SliceVersion} SliceVersion */
/** @typedef {{ version: string, url: string, integrity: string }} Artifact */

/**
 * One slice's change in one revision.
 * @typedef {object} SliceChange
 * @property {string} slice
 * @property {string} summary what happened, in words (`released 1.0.1-b (was 1.0.0-a)`)
 * @property {string | undefined} fromVersion the released version before
 * @property {string | undefined} toVersion the released version after
 * @property {{ version: string, share: number } | undefined} canary the canary after, if any
 * @property {string | undefined} commit the commit the change's artifact was built from
 * @property {Artifact[]} grants the artifacts that had no traffic before and have some now (an
 *   entry whose URL or integrity changed is another artifact, whatever its version says)
 * @property {Artifact[]} newUrls the entries whose URL the slice did not list before
 */

const versionOf = (/** @type {SliceVersion} */ entry) => entry.metadata.version;
const artifactOf = (/** @type {SliceVersion} */ entry) => ({
  version: versionOf(entry),
  url: entry.url,
  integrity: entry.metadata.integrity,
});
/**
 * Whether visitors may get this version: it is released or has a share.
 * @type {(entry: SliceVersion | undefined) => entry is SliceVersion}
 */
const hasTraffic = (entry) => entry !== undefined && (entry.deployment.default || entry.deployment.traffic > 0);
/** What of an entry's artifact differs from the same version's before: its URL, its integrity. */
const artifactDifferences = (/** @type {SliceVersion} */ entry, /** @type {SliceVersion} */ before) =>
  [
    entry.url !== before.url ? 'URL' : undefined,
    entry.metadata.integrity !== before.metadata.integrity ? 'integrity' : undefined,
  ].filter((part) => part !== undefined);
const commitOf = (/** @type {SliceVersion | undefined} */ entry) => entry?.extras?.builtFrom?.commit;

/**
 * One slice's change between two lists of its versions.
 * @param {string} slice
 * @param {SliceVersion[]} before
 * @param {SliceVersion[]} after
 * @returns {SliceChange}
 */
function sliceChange(slice, before, after) {
  const earlier = new Map(before.map((entry) => [versionOf(entry), entry]));
  const later = new Set(after.map(versionOf));
  const added = after.filter((entry) => !earlier.has(versionOf(entry)));
  // A version kept under its name with another URL or integrity is another artifact.
  const replaced = after.flatMap((entry) => {
    const previous = earlier.get(versionOf(entry));
    const differences = previous ? artifactDifferences(entry, previous) : [];
    return differences.length > 0 ? [{ entry, differences }] : [];
  });
  const removed = before.filter((entry) => !later.has(versionOf(entry))).map(versionOf);
  const releasedBefore = releasedVersion(before);
  const releasedAfter = releasedVersion(after);
  const canaryBefore = canaryVersion(before);
  const canaryAfter = canaryVersion(after);
  const fromVersion = releasedBefore && versionOf(releasedBefore);
  const toVersion = releasedAfter && versionOf(releasedAfter);

  /** @type {string[]} */
  const words = [];
  if (added.length > 0) words.push(`published ${added.map(versionOf).join(', ')}`);
  for (const { entry, differences } of replaced)
    words.push(`changed the ${differences.join(' and ')} of ${versionOf(entry)}`);
  if (toVersion !== fromVersion) {
    if (toVersion === undefined) words.push(`nothing released (was ${fromVersion})`);
    else words.push(`released ${toVersion}${fromVersion ? ` (was ${fromVersion})` : ''}`);
  }
  const canaryMoved =
    canaryAfter &&
    (versionOf(canaryAfter) !== canaryBefore?.metadata.version ||
      canaryAfter.deployment.traffic !== canaryBefore.deployment.traffic);
  if (canaryAfter && canaryMoved) words.push(`canary ${versionOf(canaryAfter)} at ${canaryAfter.deployment.traffic} %`);
  if (canaryBefore && !canaryAfter && versionOf(canaryBefore) !== toVersion)
    words.push(`canary ${versionOf(canaryBefore)} withdrawn`);
  if (removed.length > 0) words.push(`removed ${removed.join(', ')}`);
  if (words.length === 0) words.push('entries changed');

  // New traffic: an artifact with traffic now that had none before, the version aside: an entry
  // whose URL or integrity changed under the same version is another artifact.
  const grants = after.filter((entry) => {
    const previous = earlier.get(versionOf(entry));
    return hasTraffic(entry) && !(hasTraffic(previous) && artifactDifferences(entry, previous).length === 0);
  });
  const knownUrls = new Set(before.map((entry) => entry.url));
  const changedRelease = toVersion !== fromVersion ? releasedAfter : undefined;
  return {
    slice,
    summary: words.join('; '),
    fromVersion,
    toVersion,
    canary: canaryAfter && { version: versionOf(canaryAfter), share: canaryAfter.deployment.traffic },
    commit: commitOf(changedRelease ?? (canaryMoved ? canaryAfter : undefined) ?? added[0] ?? replaced[0]?.entry),
    grants: grants.map(artifactOf),
    newUrls: after.filter((entry) => !knownUrls.has(entry.url)).map(artifactOf),
  };
}

/**
 * Every slice whose list of versions differs between two maps (checked maps: see
 * `remoteMapProblems`), in the order the new map lists them, then the slices it dropped.
 * @param {RemoteMapJson | undefined} before the map before (none for an environment's first)
 * @param {RemoteMapJson} after
 * @returns {SliceChange[]}
 */
export function sliceChanges(before, after) {
  const earlier = before?.microFrontends ?? {};
  const later = after.microFrontends;
  const slices = [...new Set([...Object.keys(later), ...Object.keys(earlier)])];
  const listed = (/** @type {Record<string, SliceVersion[]>} */ map, /** @type {string} */ slice) =>
    Object.hasOwn(map, slice) ? (map[slice] ?? []) : [];
  return slices
    .filter((slice) => JSON.stringify(listed(earlier, slice)) !== JSON.stringify(listed(later, slice)))
    .map((slice) => sliceChange(slice, listed(earlier, slice), listed(later, slice)));
}

/**
 * Whether two maps differ outside their slices' lists (the schema, fields of their own): only the
 * administrator changes those.
 * @param {RemoteMapJson | undefined} before
 * @param {RemoteMapJson} after
 */
export function otherFieldsChanged(before, after) {
  const rest = (/** @type {unknown} */ map) => {
    if (!isRecord(map)) return '';
    const { microFrontends: _slices, ...others } = map;
    return JSON.stringify(others);
  };
  return before !== undefined && rest(before) !== rest(after);
}
