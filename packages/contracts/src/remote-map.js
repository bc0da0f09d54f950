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
