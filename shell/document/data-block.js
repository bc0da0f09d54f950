// @ts-check
// What the composer (shell/server) tells the page it rendered, in a JSON data block
// (not a script: nothing runs it, so the CSP needs no hash for it).

/** The id of the `<script type="application/json">` that holds a {@link ServerRender}. */
export const serverRenderId = 'nova-server-render';

/**
 * @typedef {object} ServerRender
 * @property {import('@nova/contracts/remote-modules').RemoteModuleId} [page] The exposed page the server
 *   matched at this address (`games/GamePage`), whose files the boot script preloads; none at an
 *   address no route matches (the shell's Not Found).
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
