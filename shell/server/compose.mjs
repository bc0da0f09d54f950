// @ts-check
// The composing server: the shell's layout rendered per request, the route's fragment from the
// remote version the environment releases in its slot, and the page's scripts after its first paint.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { remoteBasePlaceholder } from '../../packages/contracts/src/fragments.js';
import { isRecord, releasedUrl } from '../../packages/contracts/src/remote-map.js';
import { serverRenderId } from '../document/server-render.js';

/** How long a fragment may take to arrive (manifests and fragment, uncached): slower, and the slot renders in the browser. */
const fragmentTimeoutMs = 400;
/** Versioned files never change: kept once read, up to this many. */
const cacheLimit = 500;

/** @typedef {import('../document/server-render.js').ServerRender} ServerRender */
/** @typedef {{ renderShell: (options: { path: string, slotHtml?: string, year: number }) => Promise<{ html: string, status: number }>, pageAt: (path: string) => string | undefined }} ShellServerEntry */

/** What React puts at the front of a rendered tree for the document's head: title, meta, link. */
const hoisted = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/** The remote map's released URL of a remote (frontend-discovery: its default version), if it is a usable one. */
function releasedEntry(/** @type {unknown} */ map, /** @type {string} */ remote) {
  return isRecord(map) && isRecord(map.microFrontends) ? releasedUrl(map.microFrontends[remote]) : undefined;
}

/**
 * @param {{ shellRoot: string, serverEntry: string, timeoutMs?: number }} options
 *   shellRoot: the shell's build (index.html); serverEntry: its render-shell.mjs
 */
export function createComposer({ shellRoot, serverEntry, timeoutMs = fragmentTimeoutMs }) {
  /** @type {Map<string, Promise<unknown>>} */
  const cache = new Map();
  /** @type {Promise<ShellServerEntry> | undefined} */
  let entry;

  /** A versioned JSON file, fetched once (a failure is not kept). */
  const fetchJson = (/** @type {string} */ url, /** @type {AbortSignal} */ signal) => {
    let json = cache.get(url);
    if (!json) {
      if (cache.size >= cacheLimit) cache.clear();
      json = fetch(url, { signal }).then((response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json();
      });
      cache.set(url, json);
      json.catch(() => cache.delete(url));
    }
    return json;
  };

  /**
   * The fragment of `path` from the remote's released version, if it has one that belongs to the
   * JavaScript of that version (same build id), within the time limit.
   */
  async function fragmentOf(/** @type {unknown} */ map, /** @type {string} */ page, /** @type {string} */ path) {
    const remoteEntry = releasedEntry(map, page.slice(0, page.indexOf('/')));
    if (!remoteEntry?.includes('.json')) return undefined;
    const signal = AbortSignal.timeout(timeoutMs);
    const deadline = new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined)));
    const lookup = (async () => {
      const [manifest, fragments] = /** @type {any[]} */ (
        await Promise.all([
          fetchJson(remoteEntry, signal),
          fetchJson(new URL('fragments/manifest.json', remoteEntry).href, signal),
        ])
      );
      if (typeof manifest?.buildId !== 'string' || manifest.buildId !== fragments?.buildId) return undefined;
      const file = fragments.fragments?.[path];
      if (typeof file !== 'string') return undefined;
      const fragment = /** @type {any} */ (await fetchJson(new URL(`fragments/${file}`, remoteEntry).href, signal));
      if (typeof fragment?.head !== 'string' || typeof fragment?.html !== 'string') return undefined;
      const base = new URL('.', remoteEntry).href.replace(/\/$/, '');
      return {
        head: fragment.head.replaceAll(remoteBasePlaceholder, base),
        html: fragment.html.replaceAll(remoteBasePlaceholder, base),
      };
    })().catch(() => undefined);
    return /** @type {Promise<{ head: string, html: string } | undefined>} */ (Promise.race([lookup, deadline]));
  }

  /**
   * The page at `path`, composed; undefined where the shell has no server entry (a static build).
   * @param {{ path: string, remoteMap: unknown, year?: number }} request
   * @returns {Promise<{ status: number, html: string } | undefined>}
   */
  return async function compose({ path, remoteMap, year = new Date().getFullYear() }) {
    // A map the server cannot read, the browser reads and reports.
    if (!isRecord(remoteMap) || !existsSync(serverEntry)) return undefined;
    entry ??= import(pathToFileURL(serverEntry).href);
    entry.catch(() => (entry = undefined));
    const { renderShell, pageAt } = await entry;
    const page = pageAt(path);
    const fragment = page ? await fragmentOf(remoteMap, page, path) : undefined;
    const shell = await renderShell({ path, slotHtml: fragment?.html, year });
    const shellHead = hoisted.exec(shell.html)?.[0] ?? '';
    const head = (fragment?.head ?? '') + shellHead;

    let template = readFileSync(join(shellRoot, 'index.html'), 'utf8');
    // The shell's scripts load after the first paint (the boot script starts them).
    const script = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
    const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
    if (!script) return undefined;
    for (const tag of [script[0], ...preloads.map(([tag]) => tag)]) template = template.replace(tag, '');
    if (/<title>/.test(head)) template = template.replace(/<title>[\s\S]*?<\/title>\s*/, '');

    /** @type {ServerRender} */
    const data = {
      remoteMap,
      year,
      slot: page ? (fragment ? 'fragment' : 'placeholder') : 'none',
      bootstrap: {
        script: /** @type {string} */ (script[1]),
        preloads: preloads.map(([, href]) => /** @type {string} */ (href)),
      },
    };
    const dataBlock = `<script type="application/json" id="${serverRenderId}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
    const html = template
      .replace('<head>', () => `<head>\n    ${dataBlock}`)
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${shell.html.slice(shellHead.length)}</div>`);
    return { status: page ? shell.status : 404, html };
  };
}

/** The shell's server entry beside its build (see packages/tooling/src/shell-server-build.js). */
export const shellServerEntry = (/** @type {string} */ shellBuild) =>
  join(shellBuild, '..', 'dist-server', 'render-shell.mjs');
