// @ts-check
// The rules a write to an environment's map must pass, besides its precondition: whose it is to
// make (scope, which reads of what is not public follow too), where its entries may point (each
// slice's origins in this environment), which pages its live versions may serve (each inside its
// slice's paths, none another slice's) and, in an environment staged in another, which artifacts
// may get traffic. Each returns why not, or nothing.
import { pageConflicts } from '@nova/contracts/page-conflicts';
import { whoIs } from './tokens.mjs';

/** @typedef {import('./tokens.mjs').Identity} Identity */
/** @typedef {import('./map-changes.mjs').SliceChange} SliceChange */
/** @typedef {import('./map-changes.mjs').Artifact} Artifact */
/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */
/** @typedef {import('./environments.mjs').Environment} Environment */

/**
 * Whether the identity may write this environment at all, or read what is not public of it (its
 * history, old revisions, settings): 403 if not. Its map itself anyone reads.
 * @param {Identity} identity
 * @param {string} environment
 * @param {'change' | 'read'} [action]
 */
export function environmentRefusal(identity, environment, action = 'change') {
  if (identity.admin || identity.environments.includes(environment)) return undefined;
  return `${whoIs(identity)} may ${action} ${identity.environments.join(', ') || 'no environment'}, not ${environment}.`;
}

/**
 * Whether the identity may make these changes (403 if not): a team changes only its own slices,
 * and only the administrator changes anything of the map besides the slices' lists.
 * @param {Identity} identity
 * @param {SliceChange[]} changes
 * @param {boolean} otherFieldsChanged
 */
export function scopeRefusal(identity, changes, otherFieldsChanged) {
  if (identity.admin) return undefined;
  const outside = changes.map(({ slice }) => slice).filter((slice) => !identity.slices.includes(slice));
  if (outside.length > 0)
    return `${whoIs(identity)} may change ${identity.slices.join(', ')}, not ${outside.join(', ')}: this write changes ${outside.join(', ')}.`;
  if (otherFieldsChanged) return `${whoIs(identity)} may change its slices' versions only, not the rest of the map.`;
  return undefined;
}

/**
 * Whether every entry a write adds (or points elsewhere) is on an origin this environment
 * assigns to its slice (422 if not).
 * @param {Environment} environment
 * @param {SliceChange[]} changes
 */
export function originRefusal(environment, changes) {
  for (const { slice, newUrls } of changes) {
    const origins = environment.sliceOrigins[slice] ?? [];
    if (origins.length === 0 && newUrls.length > 0)
      return `${environment.name} serves no slice named ${slice} (its slices: ${Object.keys(environment.sliceOrigins).sort().join(', ')}).`;
    const elsewhere = newUrls.find(({ url }) => !origins.includes(new URL(url).origin));
    if (elsewhere)
      return `${slice} ${elsewhere.version} is at ${new URL(elsewhere.url).origin}, but ${environment.name} serves ${slice} from ${origins.join(', ')} only.`;
  }
  return undefined;
}

/**
 * Whether the map after a write brings pages that conflict (409 if so), under the environment it
 * is served with: a released version or canary declaring a page outside its slice's paths, or one
 * that another slice's released version or canary serves. Only what the write brings: a conflict
 * the map had before (the administrator changed the paths since) stops no one's next write.
 * @param {import('./environments.mjs').ServedEnvironment} environment
 * @param {RemoteMapJson | undefined} before
 * @param {RemoteMapJson} after
 */
export function pagesRefusal(environment, before, after) {
  const conflicts = pageConflicts({ ...after, environment }, before && { ...before, environment });
  if (conflicts.length === 0) return undefined;
  return `The map is not stored: ${conflicts.slice(0, 10).join(' ')}`;
}

/**
 * Whether the artifacts a write gives traffic to had traffic in the environment it is staged in
 * (or earlier in this one) first (409 if not). `hadTraffic` asks the history.
 * @param {Environment} environment
 * @param {SliceChange[]} changes
 * @param {(slice: string, artifact: Artifact) => Promise<boolean>} hadTraffic
 */
export async function stagingRefusal(environment, changes, hadTraffic) {
  if (!environment.stagedIn) return undefined;
  for (const { slice, grants } of changes) {
    for (const artifact of grants) {
      if (await hadTraffic(slice, artifact)) continue;
      return (
        `${slice} ${artifact.version} was never released or a canary in ${environment.stagedIn} (not with this URL ` +
        `and integrity), so ${environment.name} does not take it. Release it in ${environment.stagedIn} first, ` +
        `or have the administrator override this rule.`
      );
    }
  }
  return undefined;
}
