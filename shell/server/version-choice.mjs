// @ts-check
// The pipeline's second step: which version of the page's slice a request is shown, where that
// version's fragment comes from, and whom the page is for. Every visitor sees the released version,
// but a visitor whose bucket a canary covers sees the canary (its page kept apart, per version),
// and a browser that holds a development override (overrides.mjs) sees its slice from the team's
// dev server (its pages composed for it alone, never kept). A tab that previews gets the released
// page for itself alone: the browser then renders the versions it previews.
import { ruleCovers } from '@nova/contracts/environment';
import { entryFor } from './remote-map-view.mjs';
import { visitorOf } from './request.mjs';

/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/** @typedef {import('./request.mjs').Visitor} Visitor */
/** @typedef {import('./remote-map-source.mjs').RemoteMapState} RemoteMapState */
/** @typedef {import('./overrides.mjs').ActiveOverride} ActiveOverride */
/** @typedef {import('./remote-map-view.mjs').ServedVersion} ServedVersion */
/** @typedef {import('./remote-map-view.mjs').RemoteMapView} RemoteMapView */

/**
 * What a request is shown of its page's slice.
 * @typedef {object} VersionChoice
 * @property {ServedVersion} [version] the version of the slice shown (none: the slot waits)
 * @property {string} [devServer] where its fragment comes from when not from its published files: the
 *   dev server of an override, which renders it from source
 * @property {string} [keptAs] what the page is kept under besides its path ('' for the released version's,
 *   ' <version>' for a canary's); none: composed for this request alone
 * @property {Visitor} [visitor] the visitor, where the answer depends on them
 * @property {ActiveOverride} [override] the development override the browser holds
 * @property {true} [edgeChooses] the answer depends on a bucket the edge in front gives: ask it
 */

/**
 * @param {object} asked
 * @param {RemoteMapState} asked.map
 * @param {string | undefined} asked.slice the slice that serves the address, if one does
 * @param {RequestParts} asked.request
 * @param {ActiveOverride} [asked.override] the override the request's browser holds
 * @returns {VersionChoice}
 */
export function chooseVersion({ map, slice, request, override }) {
  const view = map.revision === undefined ? undefined : map.view;
  if (override && view) {
    // The browser's other slices are the versions its bucket sees, as for any visitor (a canary too).
    const visitor = { ...visitorOf(request, { assign: false }), personal: true };
    if (slice === override.slice)
      return {
        version: overriddenVersion(view, override, visitor.bucket),
        devServer: override.origin,
        visitor,
        override,
      };
    return { version: slice ? entryFor(view, slice, visitor.bucket) : undefined, visitor, override };
  }
  // A slice with a canary has a page per version: the one the visitor's bucket sees.
  const canary = slice && view && Object.hasOwn(view.canaries, slice) ? view.canaries[slice] : undefined;
  const visitor = canary ? visitorOf(request) : undefined;
  if (visitor?.edgeChooses) return { edgeChooses: true };
  const version = slice && view ? entryFor(view, slice, visitor?.bucket) : undefined;
  return { version, keptAs: canary && version === canary ? ` ${canary.version}` : '', visitor };
}

/**
 * The version an override's browser is shown of its slice: the dev server's entry, with the pages
 * its source declares (those within the slice's paths), or where it did not say, those the version
 * the browser would see otherwise serves (its bucket's: a canary's or the released).
 * @param {RemoteMapView} view
 * @param {ActiveOverride} override
 * @param {number} [bucket]
 * @returns {ServedVersion}
 */
export function overriddenVersion(view, override, bucket) {
  const paths = view.environment.slices[override.slice]?.paths ?? [];
  const pages = override.pages
    ? override.pages.filter((page) => paths.some((rule) => ruleCovers(rule, page.path)))
    : (entryFor(view, override.slice, bucket)?.pages ?? []);
  return { ...override.version, pages };
}
