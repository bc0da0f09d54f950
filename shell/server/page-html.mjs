// @ts-check
// One page's HTML: the shell's layout rendered by its server entry around the slice's fragment
// (or the slot's placeholder), in the shell's document, with the data block the browser takes over.
import { dataBlockHtml } from '../document/data-block.js';

/** @typedef {import('../document/data-block.js').DataBlock} DataBlock */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./fragment-source.mjs').FragmentLookup} FragmentLookup */
/** @typedef {import('./pages.mjs').PageShown} PageShown */
/** @typedef {import('@nova/contracts/remote-map').LoadableVersion} LoadableVersion */
/**
 * The shell's server entry (shell/src/composition/render-shell.tsx, built into dist-server/).
 * @typedef {object} ShellServerEntry
 * @property {(options: { path: string, siteUnavailable?: string, page?: PageRoute }) => Promise<MatchedShell>} matchShell
 *   the shell at a path with the page it shows there (none: the shell's Not Found): its render
 * @typedef {import('../src/composition/render-shell.tsx').PageRoute} PageRoute
 * @typedef {import('../src/composition/render-shell.tsx').MatchedShell} MatchedShell
 */

/** What React puts at the front of a rendered tree for the document's head: title, meta, link. */
const hoisted = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/**
 * Whether a page names nothing: no page of the version shown is at its address, or its slice says
 * the address names nothing (an unknown game). Such a page is a 404, though the router's catch-all
 * renders Not Found with 200.
 * @param {PageShown} shown what its path shows
 * @param {FragmentLookup | undefined} found its fragment, if one was looked up
 */
export const namesNothing = (shown, found) =>
  shown.page === undefined || (found?.kind === 'fragment' && found.notFound === true);

/**
 * One page: what its path shows, with the version of its slice it names and that version's fragment.
 * @param {ShellDocument} document
 * @param {object} composed
 * @param {MatchedShell} composed.matched the shell at the page's path (`matchShell`)
 * @param {PageShown} composed.shown what the path shows
 * @param {number} composed.year
 * @param {LoadableVersion} [composed.entry] the version of its slice the page names (none: the slot waits)
 * @param {readonly string[]} [composed.origins] its slice's origins, in the order the browser tries them
 * @param {FragmentLookup} [composed.found] that version's fragment for the path, if one was looked up
 * @param {DataBlock['overrides']} [composed.overrides] a development override's slice and dev server,
 *   for its browser only (overrides.mjs)
 * @param {string} [composed.siteUnavailable] why no page can load (a 503)
 * @returns {{ status: number, html: string }}
 */
export function composePage(document, { matched, shown, year, entry, origins, found, overrides, siteUnavailable }) {
  const { page } = matched;
  const { slice } = shown;
  const fragment = found?.kind === 'fragment' ? found : undefined;
  // The entry on the origin that answered for the fragment, if one had to answer for another.
  const entryUrl = entry && new URL(entry.url);
  const url = entryUrl && fragment?.origin ? fragment.origin + entryUrl.pathname + entryUrl.search : entry?.url;
  const rendered = matched.render({ slotHtml: fragment?.html, year });
  const shellHead = hoisted.exec(rendered.html)?.[0] ?? '';
  /** @type {DataBlock} */
  const data = {
    ...(page !== undefined && { page }),
    ...(page !== undefined && shown.page && { route: { path: shown.page.path, title: shown.page.title } }),
    remotes: slice && url ? { [slice]: url } : {},
    ...(slice && origins && { origins: { [slice]: [...origins] } }),
    versions: slice && entry ? { [slice]: entry.version } : {},
    integrities: slice && entry ? { [slice]: entry.integrity } : {},
    ...(overrides !== undefined && { overrides }),
    ...(siteUnavailable !== undefined && { siteUnavailable }),
    year,
    slot: page !== undefined && siteUnavailable === undefined ? (fragment ? 'fragment' : 'placeholder') : 'none',
  };
  const html = document.fill({
    dataBlock: dataBlockHtml(data),
    head: (fragment?.head ?? '') + shellHead,
    root: rendered.html.slice(shellHead.length),
  });
  const status = siteUnavailable !== undefined ? 503 : namesNothing(shown, found) ? 404 : rendered.status;
  return { status, html };
}
