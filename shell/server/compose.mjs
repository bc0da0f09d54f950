// @ts-check
// One page composed: the shell's layout rendered by its server entry around the slice's fragment
// (or the slot's placeholder), in the shell's document, with the data block the browser takes over.
import { serverRenderId } from '../document/server-render.js';

/** @typedef {import('../document/server-render.js').ServerRender} ServerRender */
/** @typedef {import('./shell-document.mjs').ShellDocument} ShellDocument */
/** @typedef {import('./fragment-source.mjs').FragmentLookup} FragmentLookup */
/**
 * The shell's server entry (shell/src/composition/render-shell.tsx, built into dist-server/).
 * @typedef {object} ShellServerEntry
 * @property {(options: { path: string, siteUnavailable?: string }) => Promise<MatchedShell>} matchShell
 *   the shell at a path, matched once: the page it shows, and its render
 * @typedef {import('../src/composition/render-shell.tsx').MatchedShell} MatchedShell
 */

/** What React puts at the front of a rendered tree for the document's head: title, meta, link. */
const hoisted = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/**
 * @param {ShellDocument} document
 * @param {{ matched: MatchedShell, year: number, remotes: ServerRender['remotes'], versions: ServerRender['versions'], integrities: ServerRender['integrities'], overrides?: ServerRender['overrides'], fragment?: { head: string, html: string }, siteUnavailable?: string }} composed
 *   matched: the shell at the page's path (`matchShell`); remotes, versions, integrities: its slice's
 *   entry, version and the entry's integrity; overrides: a development override's slice and dev
 *   server, for its browser only (overrides.mjs)
 * @returns {{ status: number, html: string }}
 */
export function composePage(
  document,
  { matched, year, remotes, versions, integrities, overrides, fragment, siteUnavailable },
) {
  const { page } = matched;
  const rendered = matched.render({ slotHtml: fragment?.html, year });
  const shellHead = hoisted.exec(rendered.html)?.[0] ?? '';
  /** @type {ServerRender} */
  const data = {
    ...(page !== undefined && { page }),
    remotes,
    versions,
    integrities,
    ...(overrides !== undefined && { overrides }),
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
