// @ts-check
// What the composer uses of one revision of the remote map, checked once: each slice's
// released version, the versions a preview may ask for, and why a slice (or the whole map)
// cannot be used. Nothing else of the map file (its history, unknown fields) reaches a page.
import {
  isRecord,
  loadableVersion,
  mapSlices,
  releasedProblem,
  releasedVersion,
  remoteMapSchema,
} from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import { canaryVersion, seesCanary } from '@nova/contracts/traffic';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('@nova/contracts/remote-map').LoadableVersion} LoadableVersion */
/**
 * Which origins serve which slice in this environment (`SLICE_ORIGINS`): a slice's entries are
 * used only on its own origins.
 * @typedef {Partial<Record<SliceName, readonly string[]>>} SliceOrigins
 */
/**
 * @typedef {object} RemoteMapView
 * @property {Partial<Record<SliceName, LoadableVersion>>} released each usable slice's released version
 * @property {Partial<Record<SliceName, LoadableVersion & { share: number }>>} canaries each slice's canary, if it
 *   has a usable one, and its share of the visitors (a percentage)
 * @property {Partial<Record<SliceName, string>>} problems why a slice has none: only its pages fail
 * @property {string[]} refused each released version or canary the map names that cannot be used, and why
 * @property {(slice: SliceName, version: string) => LoadableVersion | undefined} listed a usable version the map lists
 * @property {(slice: SliceName, version: string) => boolean} rolledBack whether `slice rollback` ever took
 *   this version back (`extras.rolledBackAt`): it can no longer be previewed
 */

/** Every origin of the environment's slices, once each: what the pages' CSP allows. */
export const everySliceOrigin = (/** @type {SliceOrigins} */ sliceOrigins) => [
  ...new Set(Object.values(sliceOrigins).flat()),
];

/**
 * Which origins serve which slice, and whether they are Vite's dev servers (`pnpm dev`), whose
 * entries carry no integrity.
 * @typedef {{ sliceOrigins: SliceOrigins, devServers?: boolean }} Environment
 */

/**
 * A listed version of `slice`, if it is one a browser may load: an http(s) URL on one of that
 * slice's origins (never another slice's), a version name and the integrity of its manifest;
 * else why not.
 * @param {unknown} listed
 * @param {SliceName} slice
 * @param {Environment} environment
 * @returns {{ entry: LoadableVersion } | { refused: string }}
 */
function usableEntry(listed, slice, { sliceOrigins, devServers }) {
  const checked = loadableVersion(listed, { devServers });
  if ('refused' in checked) return checked;
  const origin = new URL(checked.loadable.url).origin;
  const own = sliceOrigins[slice] ?? [];
  if (!own.includes(origin))
    return { refused: `it is on ${origin}, not on an origin of ${slice} (${own.join(', ') || 'none'})` };
  return { entry: checked.loadable };
}

/**
 * Checks a parsed remote map. Unusable as a whole (`mapSlices` says why): a reason. Otherwise
 * each slice on its own.
 * @param {unknown} json
 * @param {Environment} environment which origins serve which slice
 * @returns {{ view: RemoteMapView } | { unusable: string }}
 */
export function remoteMapView(json, environment) {
  const listings = mapSlices(json);
  if ('unusable' in listings) return listings;
  const { slices } = listings;

  /** @type {RemoteMapView['released']} */
  const released = {};
  /** @type {RemoteMapView['canaries']} */
  const canaries = {};
  /** @type {RemoteMapView['problems']} */
  const problems = {};
  /** @type {string[]} */
  const refused = [];
  for (const slice of sliceNames) {
    const versions = slices[slice];
    const releasedListing = releasedVersion(versions);
    const usable = usableEntry(releasedListing, slice, environment);
    if ('refused' in usable) {
      problems[slice] = releasedProblem(slice, releasedListing, usable.refused);
      if (releasedListing) refused.push(problems[slice]);
      continue;
    }
    released[slice] = usable.entry;
    const canary = canaryVersion(versions);
    if (!canary) continue;
    const canaryEntry = usableEntry(canary, slice, environment);
    if ('entry' in canaryEntry) canaries[slice] = { ...canaryEntry.entry, share: canary.deployment.traffic };
    else
      refused.push(
        `remotes.json's canary ${JSON.stringify(isRecord(canary.metadata) ? canary.metadata.version : undefined)} of "${slice}" is left out: ${canaryEntry.refused}.`,
      );
  }
  const listed = (/** @type {SliceName} */ slice, /** @type {string} */ version) =>
    slices[slice]
      .filter((candidate) => isRecord(candidate.metadata) && candidate.metadata.version === version)
      .map((candidate) => usableEntry(candidate, slice, environment))
      .flatMap((usable) => ('entry' in usable ? [usable.entry] : []))[0];
  const rolledBack = (/** @type {SliceName} */ slice, /** @type {string} */ version) =>
    slices[slice].some(
      (candidate) =>
        isRecord(candidate.metadata) &&
        candidate.metadata.version === version &&
        isRecord(candidate.extras) &&
        candidate.extras.rolledBackAt !== undefined,
    );
  return { view: { released, canaries, problems, refused, listed, rolledBack } };
}

/**
 * The version of `slice` a visitor in `bucket` sees: the canary if its share covers the bucket,
 * else the released one (a visitor without a bucket sees the released one).
 * @param {RemoteMapView} view
 * @param {SliceName} slice
 * @param {number | undefined} bucket
 * @returns {LoadableVersion | undefined}
 */
export function entryFor({ released, canaries }, slice, bucket) {
  const canary = canaries[slice];
  return canary && bucket !== undefined && seesCanary(bucket, canary.share) ? canary : released[slice];
}

/**
 * The remote map a browser gets at /remotes.json, in the frontend-discovery shape: the version of
 * each slice the visitor's bucket sees, as the released one; the versions its tab previews (if the
 * map lists them; the caller checked the tab may), marked `extras.preview`; and the dev server's
 * entry of a development override's slice (the caller honoured it), marked `extras.override`.
 * @param {RemoteMapView} view
 * @param {{ previews?: Partial<Record<SliceName, string>>, bucket?: number, override?: { slice: SliceName, version: LoadableVersion } }} [visitor]
 */
export function browserRemoteMap(view, { previews = {}, bucket, override } = {}) {
  /** One entry of a slice's list: the one shown (all its traffic), or one this browser alone asked for. */
  const entry = (/** @type {LoadableVersion} */ { url, version, integrity }, /** @type {string} */ mark = '') => ({
    url,
    metadata: { integrity, version },
    deployment: { traffic: mark ? 0 : 100, default: !mark },
    ...(mark && { extras: { [mark]: true } }),
  });
  const microFrontends = Object.fromEntries(
    sliceNames.flatMap((slice) => {
      const preview = previews[slice] && view.listed(slice, previews[slice]);
      const seen = entryFor(view, slice, bucket);
      const versions = [
        ...(seen ? [entry(seen)] : []),
        ...(preview && preview.version !== seen?.version ? [entry(preview, 'preview')] : []),
        ...(override?.slice === slice ? [entry(override.version, 'override')] : []),
      ];
      return versions.length > 0 ? [[slice, versions]] : [];
    }),
  );
  return { schema: remoteMapSchema, microFrontends };
}
