// @ts-check
// `slice rollback <slice>`: ends the slice's canary, or (none) returns to the version released
// before. Against the discovery service, `--to <revision>`: the slice's entries as they were at that
// revision of the map (see: slice history), if what was released then fits the shell. A rollback
// may drop pages (taking back a version's new page is what it is for): it needs no --drop-pages.
import { releasedVersion } from '@nova/contracts/remote-map';
import { canaryVersion } from '@nova/contracts/traffic';
import { canaryOf, rollback } from '../map-changes.js';
import { restoredSlice } from '../restore.js';
import { mustFitTheShell, revisionNumber, environmentSliceNamed } from './guards.js';

/** @typedef {import('./context.js').CommandContext} CommandContext */

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {CommandContext} context
 */
export async function rollbackCommand({ args, options }, context) {
  const slice = environmentSliceNamed(args[0]);
  if (options.to !== undefined) return rollbackTo(context, slice, revisionNumber(options.to));
  const { map, previous } = await context.store.update((latest) => rollback(latest, slice, new Date()).map);
  const released = releasedVersion(map.microFrontends[slice] ?? [])?.metadata.version;
  const canary = canaryOf(previous, slice)?.version;
  console.log(
    canary
      ? `${slice}: the canary ${canary} is rolled back; all traffic is on ${released} again.`
      : `${slice} is back to ${released}.`,
  );
}

/** Returns a slice to its entries at a revision of the service's map, if what was released then fits the shell. */
async function rollbackTo(
  /** @type {CommandContext} */ context,
  /** @type {string} */ slice,
  /** @type {number} */ revision,
) {
  const client = context.service();
  const past = await client.revision(client.environment, revision);
  const entries = past.microFrontends[slice] ?? [];
  const wanted = [releasedVersion(entries), canaryVersion(entries)].flatMap((entry) => entry?.metadata.version ?? []);
  await mustFitTheShell(context, slice, wanted, 'Not rolled back');
  const { map, previous } = await context.store.update((latest) => restoredSlice(latest, slice, past, revision));
  const released = releasedVersion(map.microFrontends[slice] ?? [])?.metadata.version ?? 'nothing';
  const canary = canaryOf(map, slice);
  const state = `${released} released${canary ? `, ${canary.version} the canary with ${canary.share} %` : ''}`;
  console.log(
    map === previous
      ? `${slice} is already as it was at revision ${revision} (${state}).`
      : `${slice} is back to revision ${revision}: ${state}.`,
  );
}
