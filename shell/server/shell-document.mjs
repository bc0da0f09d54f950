// @ts-check
// The shell's built document (dist/index.html), read once and prepared as every composed page
// starts from it: its module script and preloads taken out (the boot script starts them after
// the first paint), its inline scripts hashed for the CSP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptHashes } from './page-policy.mjs';

/**
 * @typedef {object} ShellDocument
 * @property {(parts: { dataBlock: string, head: string, root: string }) => string} fill
 *   the document with the server's data block first in its head, `head` last (its title replaces the
 *   shell's), `root` in #root
 * @property {{ script: string, preloads: string[] }} bootstrap the shell's module entry and what it imports
 * @property {string[]} inlineScripts the CSP sources of its inline scripts
 * @property {string} static the document as built: the browser renders everything (when a page cannot be composed)
 */

/**
 * @param {string} shellBuild the shell's build folder (index.html)
 * @returns {ShellDocument}
 */
export const readShellDocument = (shellBuild) => shellDocument(readFileSync(join(shellBuild, 'index.html'), 'utf8'));

/**
 * @param {string} source the shell's built index.html
 * @returns {ShellDocument}
 */
export function shellDocument(source) {
  let html = source;
  const script = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!script?.[1]) throw new Error("The shell's index.html has no module script: is it the shell's build?");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  for (const [tag] of [script, ...preloads]) html = html.replace(tag, '');
  const [beforeHead, afterHead] = split(html, '<head>');
  const [head, afterHeadEnd] = split(afterHead, '</head>');
  const [body, afterRoot] = split(afterHeadEnd, '<div id="root"></div>');
  // The shell's own title, for a page that brings none.
  const headWithoutTitle = head.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  return {
    fill: ({ dataBlock, head: pageHead, root }) =>
      `${beforeHead}<head>\n    ${dataBlock}${pageHead.includes('<title>') ? headWithoutTitle : head}${pageHead}</head>${body}<div id="root">${root}</div>${afterRoot}`,
    bootstrap: { script: script[1], preloads: preloads.map(([, href]) => /** @type {string} */ (href)) },
    inlineScripts: inlineScriptHashes(html),
    static: source,
  };
}

/** @returns {[string, string]} */
function split(/** @type {string} */ text, /** @type {string} */ marker) {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`The shell's index.html has no ${marker}.`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}
