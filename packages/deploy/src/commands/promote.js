// @ts-check
// `slice promote <slice> <version> --from <env> --to <env>`, against the discovery service: the
// exact artifact one environment lists (its URL, integrity and pages), released in the other if it
// fits the shell and its pages fit the other's environment (--traffic P: as its canary there; a
// release that drops a page of the one released there: --drop-pages).
import { refuseDroppedPages, withoutNewConflicts } from '../map-changes.js';
import { promoted } from '../promotion.js';
import { urlMapStore } from '../url-map-store.js';
import { canaryShare, environmentSliceNamed, mustFitTheShell } from './guards.js';

/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */

/** One version of a slice as an environment's map lists it. */
function entryIn(
  /** @type {RemoteMapJson} */ map,
  /** @type {string} */ slice,
  /** @type {string} */ version,
  /** @type {string} */ where,
) {
  const entry = (map.microFrontends[slice] ?? []).find((listed) => listed.metadata.version === version);
  if (!entry) throw new Error(`${where} does not list ${slice} ${version} (see: slice list --map …).`);
  return entry;
}

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function promoteCommand({ args, options }, context) {
  const slice = environmentSliceNamed(args[0]);
  const version = args[1];
  if (!version || !options.from || !options.to)
    throw new Error('Usage: slice promote <slice> <version> --from <env> --to <env> [--traffic P]');
  const client = context.service();
  const source = urlMapStore(client.mapsOf(options.from), context.writeContext);
  const entry = entryIn((await source.read()).map, slice, version, options.from);
  await mustFitTheShell(context, slice, [version], 'Not promoted');
  const share = options.traffic === undefined ? undefined : canaryShare(options);
  const target = urlMapStore(client.mapsOf(options.to), context.writeContext);
  await target.update((map) => {
    if (share === undefined)
      refuseDroppedPages(map, slice, entry, { dropPages: options['drop-pages'], doing: 'promote' });
    return withoutNewConflicts(map, promoted(map, slice, entry, share, new Date()), 'Not promoted');
  });
  const how = share === undefined ? 'released there' : `its canary there with ${share} % of the traffic`;
  console.log(`${slice} ${version} is promoted from ${options.from} to ${options.to} (${entry.url}) and ${how}.`);
}
