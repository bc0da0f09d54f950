// @ts-check
// The shell's document (its built dist/index.html, or the dev server's index.html), read once and
// prepared as every composed page starts from it: split where the page's parts go, its inline
// scripts hashed for the CSP. Nothing is taken out: a build's document has no module script of its
// own (its boot script starts the shell's modules, after the first paint under server HTML), and
// the dev server's keeps its module scripts, which run as the browser reaches them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptHashes } from './page-policy.mjs';

/**
 * @typedef {object} ShellDocument
 * @property {(parts: { dataBlock: string, head: string, root: string }) => string} fill
 *   the document with the server's data block first in its head, `head` last (its title replaces the
 *   shell's), `root` in #root
 * @property {string[]} inlineScripts the CSP sources of its inline scripts
 * @property {string} static the document as it is: the browser renders everything (when a page cannot be composed)
 */

/**
 * @param {string} shellBuild the shell's build folder (index.html)
 * @returns {ShellDocument}
 */
export const readShellDocument = (shellBuild) => shellDocument(readFileSync(join(shellBuild, 'index.html'), 'utf8'));

/**
 * @param {string} source the shell's index.html: built, or as Vite's dev server transforms it
 * @returns {ShellDocument}
 */
export function shellDocument(source) {
  const [beforeHead, afterHead] = split(source, '<head>');
  const [head, afterHeadEnd] = split(afterHead, '</head>');
  const [body, afterRoot] = split(afterHeadEnd, '<div id="root"></div>');
  // The shell's own title, for a page that brings none.
  const headWithoutTitle = head.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  return {
    fill: ({ dataBlock, head: pageHead, root }) =>
      `${beforeHead}<head>\n    ${dataBlock}${pageHead.includes('<title>') ? headWithoutTitle : head}${pageHead}</head>${body}<div id="root">${root}</div>${afterRoot}`,
    inlineScripts: inlineScriptHashes(source),
    static: source,
  };
}

/** @returns {[string, string]} */
function split(/** @type {string} */ text, /** @type {string} */ marker) {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`The shell's index.html has no ${marker}.`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}
