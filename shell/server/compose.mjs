// @ts-check
// One page composed: the shell's layout rendered by its server entry around the slice's fragment
// (or the slot's placeholder), in the shell's document, with the data block the browser takes over.
import { serverRenderId } from '../document/server-render.js';

/** @typedef {import('../document/server-render.js').ServerRender} ServerRender */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./fragments.mjs').FragmentLookup} FragmentLookup */
/**
 * The shell's server entry (shell/src/composition/render-shell.tsx, built into dist-server/).
 * @typedef {object} ShellServerEntry
 * @property {(options: { path: string, slotHtml?: string, siteUnavailable?: string, year: number }) => Promise<{ html: string, status: number }>} renderShell
 * @property {(path: string) => import('@nova/contracts/remote-modules').RemoteModuleId | undefined} pageAt the exposed page a path shows (`games/GamePage`), if any
 */

/** What React puts at the front of a rendered tree for the document's head: title, meta, link. */
const hoisted = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/**
 * @param {{ shell: ShellServerEntry, document: ShellDocument }} parts
 * @param {{ path: string, page: ServerRender['page'], year: number, remotes: ServerRender['remotes'], versions: ServerRender['versions'], fragment?: { head: string, html: string }, siteUnavailable?: string }} composed
 *   page: the exposed page the path shows (`pageAt`), if any; remotes, versions: its slice's entry and version
 * @returns {Promise<{ status: number, html: string }>}
 */
export async function composePage(
  { shell, document },
  { path, page, year, remotes, versions, fragment, siteUnavailable },
) {
  const rendered = await shell.renderShell({ path, slotHtml: fragment?.html, siteUnavailable, year });
  const shellHead = hoisted.exec(rendered.html)?.[0] ?? '';
  /** @type {ServerRender} */
  const data = {
    ...(page !== undefined && { page }),
    remotes,
    versions,
    ...(siteUnavailable !== undefined && { siteUnavailable }),
    year,
    slot: page !== undefined && siteUnavailable === undefined ? (fragment ? 'fragment' : 'placeholder') : 'none',
  };
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const html = document.fill({
    dataBlock: `<script type="application/json" id="${serverRenderId}">${json}</script>`,
    head: (fragment?.head ?? '') + shellHead,
    root: rendered.html.slice(shellHead.length),
  });
  return { status: rendered.status, html };
}
