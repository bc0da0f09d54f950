// @ts-check
// The data block: what the composer (shell/server) tells the page it composed, and the one module
// that knows its format. The composer writes it first in the document's head (`dataBlockHtml`); the
// boot script reads it once, at start (`readDataBlock`, which the build inlines with it), and keeps
// it until the shell's entry takes it over, once (`takeDataBlock`); tests and the benchmark read it
// out of a page's HTML (`dataBlockIn`). A `<script type="application/json">`: nothing runs it, so
// the CSP needs no hash for it.

/** The id of the `<script type="application/json">` that holds a {@link DataBlock}. */
export const dataBlockId = 'nova-data-block';

/**
 * @typedef {object} DataBlock
 * @property {import('@nova/contracts/remote-modules').RemoteModuleId} [page] The exposed page the server
 *   matched at this address (`games/GamePage`), whose files the boot script preloads; none at an
 *   address no route matches (the shell's Not Found).
 * @property {{ path: string, title: string }} [route] The page's address pattern and title, as the version
 *   it was composed from declares them: the browser routes the address to it while it hydrates.
 * @property {Partial<Record<string, string[]>>} [origins] The origins of the page's slice, in the order the
 *   browser tries them when one fails.
 * @property {Partial<Record<string, string>>} remotes The entry (manifest URL) of the page's slice the
 *   page was composed with, so the browser loads the same version; other slices' entries it reads
 *   from /remotes.json when it needs them.
 * @property {Partial<Record<string, string>>} versions The version of each slice in `remotes` (what field
 *   signals are attributed to).
 * @property {Partial<Record<string, string>>} integrities The integrity of each entry in `remotes` (its
 *   manifest's, `sha256-…`): the browser fetches the manifest with it.
 * @property {Partial<Record<string, string>>} [overrides] The slice a development override serves from a
 *   team's dev server in this browser, and that dev server's origin (`slice dev`; the composer sends
 *   it only to that browser): its entry in `remotes` carries no integrity, and the composer vouches
 *   for it.
 * @property {string} [siteUnavailable] Why no page can load (the server has no usable remote map):
 *   the page shows the site-level message with Retry.
 * @property {number} year The year the server rendered the footer with.
 * @property {'fragment' | 'placeholder' | 'none'} slot The remote slot's server HTML: the remote's fragment,
 *   the loading placeholder (no fragment, or it was too slow), or no slot on this page (Not Found).
 */

/**
 * The data block as the composer writes it into a page: JSON that no `</script>` in a value can end.
 * @param {DataBlock} data
 */
export const dataBlockHtml = (data) =>
  `<script type="application/json" id="${dataBlockId}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/**
 * The data block of this document, if it has one that parses. Self-contained (the build inlines
 * its source into the boot script): it is given the id.
 * @param {string} id `dataBlockId`
 * @returns {DataBlock | undefined}
 */
export function readDataBlock(id) {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The data block the boot script read, taken over once by the shell's entry, and only while the
 * server's HTML is still in #root (a tab that previews replaces it).
 * @returns {DataBlock | undefined}
 */
export function takeDataBlock() {
  const boot = /** @type {{ novaBoot?: import('./boot.js').Boot }} */ (globalThis).novaBoot;
  const dataBlock = boot?.dataBlock;
  if (boot) boot.dataBlock = undefined;
  return dataBlock && document.getElementById('root')?.hasChildNodes() ? dataBlock : undefined;
}

/**
 * The data block in a page's HTML, read as text (tests, the benchmark).
 * @param {string} html
 * @returns {DataBlock | undefined}
 */
export function dataBlockIn(html) {
  const start = `<script type="application/json" id="${dataBlockId}">`;
  const at = html.indexOf(start);
  if (at < 0) return undefined;
  return JSON.parse(html.slice(at + start.length, html.indexOf('</script>', at)));
}
