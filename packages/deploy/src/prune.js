// @ts-check
// Retiring old versions, so the remote map does not grow for ever. A slice keeps:
//   - its released version and its canary (visitors are on both);
//   - the versions of its last N releases (default 3), each version counted once: `slice
//     rollback` returns to the one released before the current one, and a team may release an
//     older one again by hand;
//   - every version published within the last D days (default 7): a team may be previewing it.
// Every other version leaves the map (one atomic update), and only then is its folder deleted.
import { rmSync } from 'node:fs';
import { releasedVersion } from '@nova/contracts/remote-map';
import { canaryVersion } from '@nova/contracts/traffic';
import { versionFolder } from './deployment-root.js';
import { checkVersionName } from './map-changes.js';

/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */
/** @typedef {import('@nova/contracts/remote-map').SliceVersion} SliceVersion */
/** @typedef {import('./map-store.js').MapStore} MapStore */

/**
 * @typedef {{ keepReleases: number, keepDays: number }} PruneRule
 * @typedef {{ version: string, kept: string[], publishedAt?: string, lastReleasedAt?: string }} Verdict
 *   kept: why the version stays (none: it is retired)
 */

/** @type {PruneRule} */
export const defaultPruneRule = { keepReleases: 3, keepDays: 7 };

const dayMs = 24 * 60 * 60 * 1000;
const lastReleaseOf = (/** @type {SliceVersion} */ listed) => listed.extras?.releasedAt?.toSorted().at(-1);

/**
 * What becomes of each of a slice's versions under the rule, in the map's order.
 * @param {SliceVersion[]} versions
 * @param {PruneRule} rule
 * @param {Date} now
 * @returns {Verdict[]}
 */
export function verdicts(versions, { keepReleases, keepDays }, now) {
  const released = releasedVersion(versions)?.metadata.version;
  const canary = canaryVersion(versions)?.metadata.version;
  const recentlyReleased = versions
    .filter((listed) => lastReleaseOf(listed) !== undefined)
    .toSorted((a, b) => String(lastReleaseOf(b)).localeCompare(String(lastReleaseOf(a))))
    .slice(0, keepReleases)
    .map((listed) => listed.metadata.version);
  return versions.map((listed) => {
    const { version } = listed.metadata;
    const publishedAt = listed.extras?.builtFrom?.builtAt;
    const published = publishedAt ? Date.parse(publishedAt) : Number.NaN;
    const kept = [
      ...(version === released ? ['released'] : []),
      ...(version === canary ? ['the canary'] : []),
      ...(recentlyReleased.includes(version) ? [`one of the last ${keepReleases} versions released`] : []),
      ...(Number.isNaN(published)
        ? ['its publish time is unknown']
        : now.getTime() - published < keepDays * dayMs
          ? [`published within the last ${keepDays} days (preview)`]
          : []),
    ];
    return { version, kept, publishedAt, lastReleasedAt: lastReleaseOf(listed) };
  });
}

/**
 * The map without the retired versions of `slices`, and the verdicts it follows.
 * @param {RemoteMapJson} map
 * @param {readonly string[]} slices
 * @param {PruneRule} rule
 * @param {Date} now
 */
export function pruned(map, slices, rule, now) {
  // A version that is not a version name would be a path out of the root: nothing is pruned.
  for (const slice of slices)
    for (const { metadata } of map.microFrontends[slice] ?? []) {
      try {
        checkVersionName(slice, metadata?.version);
      } catch (error) {
        throw new Error(`${error instanceof Error ? error.message : error} Nothing was pruned: fix the map first.`);
      }
    }
  const judged = slices.map((slice) => ({
    slice,
    verdicts: verdicts(map.microFrontends[slice] ?? [], rule, now),
  }));
  const retired = judged.flatMap(({ slice, verdicts }) =>
    verdicts.filter(({ kept }) => kept.length === 0).map(({ version }) => ({ slice, version })),
  );
  if (retired.length === 0) return { map, judged, retired };
  const microFrontends = { ...map.microFrontends };
  for (const { slice, version } of retired) {
    microFrontends[slice] = (microFrontends[slice] ?? []).filter((listed) => listed.metadata.version !== version);
  }
  return { map: { ...map, microFrontends }, judged, retired };
}

/**
 * Retires old versions: removes them from the map in one update, then deletes their folders
 * under `root` (a folder the map lists again by then, published anew, is left in place).
 * `dryRun` only reports what it would do.
 * @param {{ root: string, store: MapStore, slices: readonly string[], rule?: PruneRule, now?: Date, dryRun?: boolean }} options
 */
export async function prune({ root, store, slices, rule = defaultPruneRule, now = new Date(), dryRun = false }) {
  if (dryRun) return pruned((await store.read()).map, slices, rule, now);
  const { previous } = await store.update((map) => pruned(map, slices, rule, now).map);
  const result = pruned(previous, slices, rule, now);
  const { map: listed } = await store.read();
  for (const { slice, version } of result.retired) {
    if (listed.microFrontends[slice]?.some((entry) => entry.metadata.version === version)) continue;
    rmSync(versionFolder(root, slice, version), { recursive: true, force: true });
  }
  return result;
}
