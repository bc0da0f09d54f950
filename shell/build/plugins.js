// @ts-check
// What the shell's build adds to its document.
import { minifySync } from 'vite';
import { submitsWhenLive, untilLiveRecordName } from '@nova/contracts/until-live';
import { splitPage } from '@nova/contracts/routes';
import { bootPageRemote } from '../document/boot.js';
import { untilLive } from '../document/until-live.js';
import { dataBlockId, readDataBlock } from '../document/data-block.js';

/** @typedef {import('vite').Plugin} Plugin */
/** @typedef {import('../document/boot.js').Bootstrap} Bootstrap */

/**
 * Inlines the document's scripts at the top of the document, minified: the boot script
 * (../document/boot.js) with the data block's reader, and what it does for a page until the page's
 * script is live (../document/until-live.js). A build's document then carries no module script and
 * no modulepreload of its own: once the federation plugin has written them (its generateBundle
 * names the module script), they move into the boot script's call as the bootstrap list it starts
 * (at once on a static document, after the first paint under server HTML), so the document is the
 * same for both. The dev server's document keeps its scripts.
 * @returns {Plugin[]}
 */
export function inlineBoot() {
  // A function argument goes in as its source: the inlined script imports nothing.
  const call = (/** @type {Function} */ script, /** @type {unknown[]} */ ...args) =>
    `(${script})(${args.map((arg) => (typeof arg === 'function' ? String(arg) : JSON.stringify(arg))).join(', ')});`;
  const script = (/** @type {Bootstrap | undefined} */ bootstrap) =>
    minifySync(
      'boot.js',
      call(untilLive, submitsWhenLive, untilLiveRecordName) +
        call(bootPageRemote, readDataBlock, dataBlockId, splitPage, ...(bootstrap ? [bootstrap] : [])),
    ).code;
  const inline = script(undefined);
  return [
    {
      name: 'nova:inline-boot',
      transformIndexHtml: () => [{ tag: 'script', children: inline, injectTo: 'head-prepend' }],
    },
    {
      name: 'nova:boot-bootstrap',
      apply: 'build',
      // After the federation plugin's own generateBundle, before the compression plugin's.
      enforce: 'post',
      generateBundle(_, bundle) {
        const document = bundle['index.html'];
        if (document?.type !== 'asset') return;
        const { html, bootstrap } = takeBootstrap(String(document.source));
        const tag = `<script>${inline}</script>`;
        if (!html.includes(tag)) this.error("The shell's index.html lost its inline boot script.");
        document.source = html.replace(tag, () => `<script>${script(bootstrap)}</script>`);
      },
    },
  ];
}

/**
 * The module script and modulepreloads of a built document, taken out of it as a bootstrap list.
 * @param {string} source the built index.html
 * @returns {{ html: string, bootstrap: Bootstrap }}
 */
export function takeBootstrap(source) {
  let html = source;
  const script = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!script?.[1]) throw new Error("The shell's index.html has no module script.");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  for (const [tag] of [script, ...preloads]) html = html.replace(tag, '');
  return { html, bootstrap: { script: script[1], preloads: preloads.map(([, href]) => /** @type {string} */ (href)) } };
}

/**
 * Modulepreloads every script of the shell from its document, the largest first (the bootstrap
 * list `inlineBoot` hands to the boot script, which starts them in this order). All of it runs
 * before any page shows, and the federation bootstrap would otherwise discover it one import at a
 * time. Over HTTP/1.1's few connections per origin, the largest files started first keep the
 * line busy while the small ones come in beside them, instead of queueing behind them at the end.
 * What the shell's own code loads later with `import()` (a file of src/ that is not the entry)
 * is left out: it would take bandwidth from the page's first scripts.
 * @returns {Plugin}
 */
export function preloadEveryScript() {
  const preload = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;
  let sources = '';
  /** @param {import('vite').Rollup.OutputChunk} chunk */
  const loadedLater = (chunk) =>
    chunk.isDynamicEntry && !chunk.isEntry && (chunk.facadeModuleId?.startsWith(sources) ?? false);
  return {
    name: 'nova:preload-every-script',
    apply: 'build',
    configResolved(config) {
      sources = `${config.root}/src/`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        const chunks = Object.values(bundle ?? {}).filter(
          (file) => file.type === 'chunk' && file.fileName !== entry?.fileName && !loadedLater(file),
        );
        const bySize = /** @type {import('vite').Rollup.OutputChunk[]} */ (chunks).sort(
          (a, b) => b.code.length - a.code.length,
        );
        return {
          html: html.replace(preload, ''),
          tags: bySize.map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          })),
        };
      },
    },
  };
}
