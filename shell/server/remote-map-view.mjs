// @ts-check
// What the composing server uses of one revision of the remote map, checked once: each slice's
// released version, the versions a preview may ask for, and why a slice (or the whole map)
// cannot be used. Nothing else of the map file (its history, unknown fields) reaches a page.
import { isHttpUrl, isRecord, isVersionName, releasedVersion, remoteMapSchema } from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import { canaryVersion, seesCanary } from '@nova/contracts/traffic';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {{ url: string, version: string }} SliceEntry */
/**
 * @typedef {object} RemoteMapView
 * @property {Partial<Record<SliceName, SliceEntry>>} released each usable slice's released version
 * @property {Partial<Record<SliceName, SliceEntry & { share: number }>>} canaries each slice's canary, if it
 *   has a usable one, and its share of the visitors (a percentage)
 * @property {Partial<Record<SliceName, string>>} problems why a slice has none: only its pages fail
 * @property {(slice: SliceName, version: string) => SliceEntry | undefined} listed a usable version the map lists
 * @property {(slice: SliceName, version: string) => boolean} rolledBack whether `slice rollback` ever took
 *   this version back (`extras.rolledBackAt`): it can no longer be previewed
 */

/**
 * A listed version, if it is one a browser may load: an http(s) URL on one of the environment's
 * slice origins, and a plain version name.
 * @param {unknown} listed
 * @param {readonly string[]} sliceOrigins
 * @returns {SliceEntry | undefined}
 */
function usableEntry(listed, sliceOrigins) {
  if (!isRecord(listed) || !isHttpUrl(listed.url) || !isRecord(listed.metadata)) return undefined;
  const { version } = listed.metadata;
  if (!isVersionName(version)) return undefined;
  if (!sliceOrigins.includes(new URL(listed.url).origin)) return undefined;
  return { url: listed.url, version };
}

/**
 * Checks a parsed remote map (the frontend-discovery shape). Unusable as a whole (not that shape,
 * or listing none of the slices): a reason. Otherwise each slice on its own.
 * @param {unknown} json
 * @param {{ sliceOrigins: readonly string[] }} environment where this environment's slices may be served from
 * @returns {{ view: RemoteMapView } | { unusable: string }}
 */
export function remoteMapView(json, { sliceOrigins }) {
  if (!isRecord(json) || !isRecord(json.microFrontends))
    return { unusable: 'remotes.json must list the micro-frontends of this environment (microFrontends).' };
  const { microFrontends } = json;
  /** @type {Map<SliceName, Record<string, unknown>[]>} */
  const listings = new Map();
  for (const slice of sliceNames) {
    const versions = Object.hasOwn(microFrontends, slice) ? microFrontends[slice] : undefined;
    if (Array.isArray(versions) && versions.length > 0) listings.set(slice, versions.filter(isRecord));
  }
  if (listings.size === 0)
    return { unusable: `remotes.json lists none of this site's micro-frontends (${sliceNames.join(', ')}).` };

  /** @type {RemoteMapView['released']} */
  const released = {};
  /** @type {RemoteMapView['canaries']} */
  const canaries = {};
  /** @type {RemoteMapView['problems']} */
  const problems = {};
  for (const slice of sliceNames) {
    const versions = listings.get(slice) ?? [];
    const entry = usableEntry(releasedVersion(versions), sliceOrigins);
    if (!entry) {
      problems[slice] = `remotes.json has no released version of "${slice}" on a slice origin of this environment.`;
      continue;
    }
    released[slice] = entry;
    const canary = canaryVersion(versions);
    const canaryEntry = canary && usableEntry(canary, sliceOrigins);
    if (canary && canaryEntry) canaries[slice] = { ...canaryEntry, share: canary.deployment.traffic };
  }
  const listed = (/** @type {SliceName} */ slice, /** @type {string} */ version) =>
    (listings.get(slice) ?? [])
      .filter((candidate) => isRecord(candidate.metadata) && candidate.metadata.version === version)
      .map((candidate) => usableEntry(candidate, sliceOrigins))
      .find(Boolean);
  const rolledBack = (/** @type {SliceName} */ slice, /** @type {string} */ version) =>
    (listings.get(slice) ?? []).some(
      (candidate) =>
        isRecord(candidate.metadata) &&
        candidate.metadata.version === version &&
        isRecord(candidate.extras) &&
        candidate.extras.rolledBackAt !== undefined,
    );
  return { view: { released, canaries, problems, listed, rolledBack } };
}

/**
 * The version of `slice` a visitor in `bucket` sees: the canary if its share covers the bucket,
 * else the released one (a visitor without a bucket sees the released one).
 * @param {RemoteMapView} view
 * @param {SliceName} slice
 * @param {number | undefined} bucket
 * @returns {SliceEntry | undefined}
 */
export function entryFor({ released, canaries }, slice, bucket) {
  const canary = canaries[slice];
  return canary && bucket !== undefined && seesCanary(bucket, canary.share) ? canary : released[slice];
}

/**
 * The remote map a browser gets at /remotes.json: the version of each slice the visitor's bucket
 * sees, as the released one, and the versions its tab previews (if the map lists them; the caller
 * checked the tab may), marked `extras.preview`, in the frontend-discovery shape.
 * @param {RemoteMapView} view
 * @param {{ previews?: Partial<Record<SliceName, string>>, bucket?: number }} [visitor]
 */
export function browserRemoteMap(view, { previews = {}, bucket } = {}) {
  const microFrontends = Object.fromEntries(
    sliceNames.flatMap((slice) => {
      const preview = previews[slice] && view.listed(slice, previews[slice]);
      const seen = entryFor(view, slice, bucket);
      const versions = [
        ...(seen ? [{ ...seen, traffic: 100, default: true }] : []),
        ...(preview && preview.version !== seen?.version ? [{ ...preview, traffic: 0, default: false }] : []),
      ].map(({ url, version, traffic, default: isDefault }) => ({
        url,
        metadata: { integrity: '', version },
        deployment: { traffic, default: isDefault },
        ...(isDefault ? {} : { extras: { preview: true } }),
      }));
      return versions.length > 0 ? [[slice, versions]] : [];
    }),
  );
  return { schema: remoteMapSchema, microFrontends };
}
