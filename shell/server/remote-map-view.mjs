// @ts-check
// What the composer uses of one revision of the remote map, checked once: the environment it names
// (its slices, each slice's origins and paths), each slice's released version and canary with the
// pages each serves, the versions a preview may ask for, and why a slice (or the whole map) cannot
// be used. Nothing else of the map file (its history, unknown fields) reaches a page.
import { ownerOf, ruleCovers } from '@nova/contracts/environment';
import { listedPages } from '@nova/contracts/page-conflicts';
import {
  isRecord,
  loadableVersion,
  mapSlices,
  releasedProblem,
  releasedVersion,
  remoteMapSchema,
} from '@nova/contracts/remote-map';
import { canaryVersion, seesCanary } from '@nova/contracts/traffic';

/** @typedef {import('@nova/contracts/environment').Environment} Environment */
/** @typedef {import('@nova/contracts/pages').PageDeclaration} PageDeclaration */
/**
 * A version the composer may serve: what a browser loads of it (its manifest's URL, its version,
 * that manifest's integrity) and the pages it serves.
 * @typedef {import('@nova/contracts/remote-map').LoadableVersion & { pages: PageDeclaration[] }} ServedVersion
 */
/**
 * @typedef {object} RemoteMapView
 * @property {Environment} environment the slices, and each one's origins and paths
 * @property {string[]} origins every slice origin of the environment, once each: what the pages' CSP allows
 * @property {(path: string) => string | undefined} ownerOf the slice that serves an address, if one does
 * @property {Record<string, ServedVersion>} released each usable slice's released version
 * @property {Record<string, ServedVersion & { share: number }>} canaries each slice's canary, if it
 *   has a usable one, and its share of the visitors (a percentage)
 * @property {Record<string, string>} problems why a slice has none: only its pages fail
 * @property {Record<string, PageDeclaration[]>} unservedPages the pages the released version of each slice with a
 *   problem declares: where they are, the visitor is told that slice cannot load
 * @property {string[]} refused each released version, canary or page the map names that cannot be used, and why
 * @property {(slice: string, version: string) => ServedVersion | undefined} listed a usable version the map lists
 * @property {(slice: string, version: string) => boolean} rolledBack whether `slice rollback` ever took
 *   this version back (`extras.rolledBackAt`): it can no longer be previewed
 */

/**
 * Whether the entries of a slice may be Vite's dev servers (`pnpm dev`), which carry no integrity.
 * @typedef {{ devServers?: boolean }} Served
 */

/**
 * A listed version of `slice`, if it is one a browser may load: an http(s) URL on one of that
 * slice's origins (never another slice's), a version name and the integrity of its manifest, and
 * its pages (declared, or a version published before pages were: `legacyPages`); else why not.
 * Pages outside the slice's paths are left out, each told in `outside`.
 * @param {unknown} listed
 * @param {string} slice
 * @param {Environment} environment
 * @param {Served} served
 * @returns {{ served: ServedVersion, outside: string[] } | { refused: string }}
 */
function servedVersion(listed, slice, environment, { devServers }) {
  const checked = loadableVersion(listed, { devServers });
  if ('refused' in checked) return checked;
  const { origins, paths } = /** @type {Environment['slices'][string]} */ (environment.slices[slice]);
  const origin = new URL(checked.loadable.url).origin;
  if (!origins.includes(origin))
    return { refused: `it is on ${origin}, not on an origin of ${slice} (${origins.join(', ')})` };
  const listedAs = listedPages(slice, listed);
  if ('refused' in listedAs) return listedAs;
  const { pages } = listedAs;
  const inside = pages.filter((page) => paths.some((rule) => ruleCovers(rule, page.path)));
  const outside = pages
    .filter((page) => !inside.includes(page))
    .map(
      (page) =>
        `${slice} ${checked.loadable.version} declares ${page.path}, outside ${slice}'s paths (${paths.join(', ')}): that page is left out.`,
    );
  return { served: { ...checked.loadable, pages: inside }, outside };
}

/**
 * Checks a parsed remote map. Unusable as a whole (`mapSlices` says why): a reason. Otherwise
 * each slice of its environment on its own.
 * @param {unknown} json
 * @param {Served} [served]
 * @returns {{ view: RemoteMapView } | { unusable: string }}
 */
export function remoteMapView(json, served = {}) {
  const listings = mapSlices(json);
  if ('unusable' in listings) return listings;
  const { slices, environment } = listings;

  /** @type {RemoteMapView['released']} */
  const released = {};
  /** @type {RemoteMapView['canaries']} */
  const canaries = {};
  /** @type {RemoteMapView['problems']} */
  const problems = {};
  /** @type {RemoteMapView['unservedPages']} */
  const unservedPages = {};
  /** @type {string[]} */
  const refused = [];
  for (const [slice, versions] of Object.entries(slices)) {
    const releasedListing = releasedVersion(versions);
    const usable = servedVersion(releasedListing, slice, environment, served);
    if ('refused' in usable) {
      problems[slice] = releasedProblem(slice, releasedListing, usable.refused);
      if (releasedListing) refused.push(problems[slice]);
      const pagesAs = listedPages(slice, releasedListing);
      unservedPages[slice] = 'pages' in pagesAs ? [...pagesAs.pages] : [];
      continue;
    }
    released[slice] = usable.served;
    refused.push(...usable.outside);
    const canary = canaryVersion(versions);
    if (!canary) continue;
    const canaryServed = servedVersion(canary, slice, environment, served);
    if ('served' in canaryServed) {
      canaries[slice] = { ...canaryServed.served, share: canary.deployment.traffic };
      refused.push(...canaryServed.outside);
    } else
      refused.push(
        `remotes.json's canary ${JSON.stringify(isRecord(canary.metadata) ? canary.metadata.version : undefined)} of "${slice}" is left out: ${canaryServed.refused}.`,
      );
  }
  const listedIn = (/** @type {string} */ slice) => (Object.hasOwn(slices, slice) ? (slices[slice] ?? []) : []);
  const listed = (/** @type {string} */ slice, /** @type {string} */ version) =>
    listedIn(slice)
      .filter((candidate) => isRecord(candidate.metadata) && candidate.metadata.version === version)
      .map((candidate) => servedVersion(candidate, slice, environment, served))
      .flatMap((usable) => ('served' in usable ? [usable.served] : []))[0];
  const rolledBack = (/** @type {string} */ slice, /** @type {string} */ version) =>
    listedIn(slice).some(
      (candidate) =>
        isRecord(candidate.metadata) &&
        candidate.metadata.version === version &&
        isRecord(candidate.extras) &&
        candidate.extras.rolledBackAt !== undefined,
    );
  const origins = [...new Set(Object.values(environment.slices).flatMap((slice) => slice.origins))];
  return {
    view: {
      environment,
      origins,
      ownerOf: (path) => ownerOf(environment, path),
      released,
      canaries,
      problems,
      unservedPages,
      refused,
      listed,
      rolledBack,
    },
  };
}

/**
 * The version of `slice` a visitor in `bucket` sees: the canary if its share covers the bucket,
 * else the released one (a visitor without a bucket sees the released one).
 * @param {RemoteMapView} view
 * @param {string} slice
 * @param {number | undefined} bucket
 * @returns {ServedVersion | undefined}
 */
export function entryFor({ released, canaries }, slice, bucket) {
  const canary = Object.hasOwn(canaries, slice) ? canaries[slice] : undefined;
  if (canary && bucket !== undefined && seesCanary(bucket, canary.share)) return canary;
  return Object.hasOwn(released, slice) ? released[slice] : undefined;
}

/**
 * The remote map a browser gets at /remotes.json, in the frontend-discovery shape: the version of
 * each slice the visitor's bucket sees, as the released one; the versions its tab previews (if the
 * map lists them; the caller checked the tab may), marked `extras.preview`; and the dev server's
 * entry of a development override's slice (the caller honoured it), marked `extras.override`. Each
 * with the pages it serves; the environment, whose origins the browser fails over along; and, for a
 * slice with no version it may load (`unserved`), why, and the pages its released version declares:
 * where they are, the visitor is told that slice cannot load.
 * @param {RemoteMapView} view
 * @param {{ previews?: Record<string, string>, bucket?: number, override?: { slice: string, version: ServedVersion } }} [visitor]
 */
export function browserRemoteMap(view, { previews = {}, bucket, override } = {}) {
  /** One entry of a slice's list: the one shown (all its traffic), or one this browser alone asked for. */
  const entry = (/** @type {ServedVersion} */ { url, version, integrity, pages }, /** @type {string} */ mark = '') => ({
    url,
    metadata: { integrity, version, pages },
    deployment: { traffic: mark ? 0 : 100, default: !mark },
    ...(mark && { extras: { [mark]: true } }),
  });
  const microFrontends = Object.fromEntries(
    Object.keys(view.environment.slices).flatMap((slice) => {
      const previewed = Object.hasOwn(previews, slice) ? previews[slice] : undefined;
      const preview = previewed && view.listed(slice, previewed);
      const seen = entryFor(view, slice, bucket);
      const versions = [
        ...(seen ? [entry(seen)] : []),
        ...(preview && preview.version !== seen?.version ? [entry(preview, 'preview')] : []),
        ...(override?.slice === slice ? [entry(override.version, 'override')] : []),
      ];
      return versions.length > 0 ? [[slice, versions]] : [];
    }),
  );
  const unserved = Object.fromEntries(
    Object.entries(view.problems).map(([slice, problem]) => [
      slice,
      { problem, pages: view.unservedPages[slice] ?? [] },
    ]),
  );
  return { schema: remoteMapSchema, microFrontends, environment: view.environment, unserved };
}
