// @ts-check
// The environment's remote map (/remotes.json): for each slice, every version deployed and
// which one is released. Its shape follows awslabs/frontend-discovery's schema (v1-pre).

export const remoteMapSchema = 'https://github.com/awslabs/frontend-discovery/blob/main/schema/v1-pre.json';

/**
 * One deployed version of a slice. `url` is its federation manifest; the released version has
 * `deployment.default` (and all the traffic). `extras` says what it was built from and when it
 * was released.
 * @typedef {{
 *   url: string,
 *   metadata: { integrity: string, version: string },
 *   deployment: { traffic: number, default: boolean },
 *   extras?: { builtFrom?: { commit: string, dirty: boolean, builtAt: string }, releasedAt?: string[] },
 * }} SliceVersion
 * @typedef {{ schema: string, microFrontends: Record<string, SliceVersion[]> }} RemoteMapJson
 */

/**
 * One version's entry in a slice's list: released by default (the default, all the traffic);
 * `released: false` lists it only, and `traffic` gives a version that is not the default a share
 * (a canary).
 * @param {{ url: string, version: string, integrity?: string, released?: boolean, traffic?: number }} entry
 * @returns {SliceVersion}
 */
export const sliceVersion = ({ url, version, integrity = '', released = true, traffic = released ? 100 : 0 }) => ({
  url,
  metadata: { integrity, version },
  deployment: { traffic, default: released },
});

/** A map that lists nothing yet. */
export const emptyRemoteMap = () => /** @type {RemoteMapJson} */ ({ schema: remoteMapSchema, microFrontends: {} });

/**
 * The released version among a slice's versions: the one marked default. Safe on unchecked JSON
 * records too, whatever their `deployment` holds.
 * @template {{ deployment?: unknown }} T
 * @param {readonly T[]} versions
 */
export const releasedVersion = (versions) =>
  versions.find(
    (version) => /** @type {{ default?: unknown } | null | undefined} */ (version.deployment)?.default === true,
  );

/**
 * Whether a JSON value is an object with keys (not null, not an array).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a JSON value is an http(s) URL: the only kind of entry a map may send a browser to.
 * @param {unknown} value
 * @returns {value is string}
 */
export const isHttpUrl = (value) =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * The released version's URL among a slice's versions as read from an unchecked map, if it is an
 * http(s) URL.
 * @param {unknown} versions
 * @returns {string | undefined}
 */
export function releasedUrl(versions) {
  const url = Array.isArray(versions) ? releasedVersion(versions.filter(isRecord))?.url : undefined;
  return isHttpUrl(url) ? url : undefined;
}
