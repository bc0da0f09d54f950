// @ts-check
// The two changes that make a version live, each only if it fits the shell's build and brings no
// page conflict (a page outside its slice's paths, or one another slice's live version serves):
// released to 100 % (`slice release`, `slice publish --release`; a release that drops a page the
// released version serves needs --drop-pages) or made the canary (`slice release --traffic`).
import { releasedVersion } from '@nova/contracts/remote-map';
import {
  canaryOf,
  listedVersion,
  refuseDroppedPages,
  release,
  releaseCanary,
  withoutNewConflicts,
} from '../map-changes.js';
import { mustFitTheShell } from './guards.js';

/** @typedef {import('./context.js').CommandContext} CommandContext */

/**
 * Releases a version if it fits the shell (to 100 %: a canary is cleared, or promoted if it is
 * this one), brings no page conflict, and drops no page unless `dropPages`.
 * @param {CommandContext} context
 * @param {string} slice
 * @param {string} version
 * @param {{ dropPages: boolean }} options
 */
export async function releaseChecked(context, slice, version, { dropPages }) {
  await mustFitTheShell(context, slice, [version], 'Not released');
  const { previous } = await context.store.update((map) => {
    refuseDroppedPages(map, slice, listedVersion(map, slice, version), { dropPages });
    return withoutNewConflicts(map, release(map, slice, version, new Date()), 'Not released');
  });
  const canary = canaryOf(previous, slice)?.version;
  const news = canary === version ? ': the canary is promoted' : canary ? ` (the canary ${canary} is cleared)` : '';
  console.log(`${slice} ${version} is released${news}.`);
}

/** Makes a version the slice's canary if it fits the shell and brings no page conflict; says which canary it is. */
export async function releaseCanaryChecked(
  /** @type {CommandContext} */ context,
  /** @type {string} */ slice,
  /** @type {string} */ version,
  /** @type {number} */ share,
) {
  await mustFitTheShell(context, slice, [version], 'Not released as the canary');
  const { map, previous } = await context.store.update((latest) =>
    withoutNewConflicts(latest, releaseCanary(latest, slice, version, share, new Date()), 'Not released as the canary'),
  );
  const canary = /** @type {import('../map-changes.js').CanaryMark} */ (canaryOf(map, slice));
  const released = /** @type {string} */ (releasedVersion(map.microFrontends[slice] ?? [])?.metadata.version);
  const earlier = canaryOf(previous, slice)?.version;
  const replaced = earlier && earlier !== version ? ` (it replaces the canary ${earlier})` : '';
  console.log(
    `${slice} ${version} is the canary with ${share} % of the traffic; ${released} keeps ${100 - share} %${replaced}.`,
  );
  return { canary, released };
}
