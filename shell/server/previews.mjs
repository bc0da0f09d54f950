// @ts-check
// The slice versions a tab's preview links let it load.
import { sliceNames } from '@nova/contracts/slices';
import { previewOf } from '@nova/signing/preview-token';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('./remote-map-view.mjs').RemoteMapView} RemoteMapView */
/** @typedef {import('@nova/signing/signing').Signer} Signer */

/**
 * The versions a tab's preview links let it load: each link's token signed with the
 * environment's key, not expired, for a version the map lists and never rolled back. Anything
 * else is ignored, and nothing says why: the tab gets the released versions.
 * @param {Signer | undefined} signer the environment's key (none: no preview)
 * @param {string} tokens comma-separated
 * @param {RemoteMapView} view
 * @param {number} now
 * @returns {Partial<Record<SliceName, string>>}
 */
export function previewsAllowed(signer, tokens, view, now) {
  if (!signer) return {};
  const previews = tokens.split(',', sliceNames.length).map((token) => previewOf(signer, token, now));
  return Object.fromEntries(
    previews.flatMap((preview) => {
      const slice = /** @type {SliceName | undefined} */ (sliceNames.find((name) => name === preview?.slice));
      if (!preview || !slice || view.rolledBack(slice, preview.version) || !view.listed(slice, preview.version))
        return [];
      return [[slice, preview.version]];
    }),
  );
}
