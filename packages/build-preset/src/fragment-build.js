// @ts-check
import { remoteBasePlaceholder } from '@nova/contracts/fragments';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { exposedModules, exposesFolder, pagesFile } from './slice-pages.js';

/** @typedef {import('@nova/render/fragment-list').FragmentAddress} FragmentAddress */
/** @typedef {{ addresses: FragmentAddress[], render: (address: FragmentAddress) => Promise<import('@nova/contracts/fragments').Fragment> }} ServerEntry */

/** The module a remote's fragments are rendered with, on the server only (see fragmentsEntry). */
export const fragmentsEntryId = 'virtual:nova-fragments';

/**
 * The server entry of a remote's fragments: its fragment list (`src/exposes/fragment-list.ts`), the
 * pages it declares (`src/exposes/pages.json`), every module it exposes, and the render helper.
 * @param {string} name
 * @param {string} root
 */
function serverEntry(name, root) {
  const exposes = exposedModules(root);
  const exposed = (/** @type {string} */ file) => JSON.stringify(resolve(root, exposesFolder, file));
  return [
    `import { renderFragment } from '@nova/render';`,
    `import { fragmentAddresses } from '@nova/render/fragment-list';`,
    `import { fragments } from ${exposed('fragment-list.ts')};`,
    `import declared from ${JSON.stringify(resolve(root, pagesFile))};`,
    ...exposes.map((page) => `import ${page} from ${exposed(`${page}.ts`)};`),
    `const pages = { ${exposes.join(', ')} };`,
    `export const addresses = fragmentAddresses(${JSON.stringify(name)}, fragments, declared);`,
    `export const render = (address) => renderFragment(pages[address.page], address);`,
  ].join('\n');
}

/**
 * Provides `fragmentsEntryId`, the server entry of the remote `name`'s fragments: for its build
 * here, and for `pnpm dev`'s composer, which loads it from source.
 * @param {string} name
 * @returns {import('vite').Plugin}
 */
export function fragmentsEntry(name) {
  /** @type {string} */
  let root;
  return {
    name: 'nova:fragments-entry',
    configResolved(config) {
      root = config.root;
    },
    resolveId: (id) => (id === fragmentsEntryId ? id : undefined),
    load: (id) => (id === fragmentsEntryId ? serverEntry(name, root) : undefined),
  };
}

/**
 * Builds the server entry for Node with Vite (no federation) into `dir` and loads it.
 * @param {import('vite').ResolvedConfig} config the browser build's
 * @param {string} name
 * @param {import('vite').PluginOption[]} plugins
 * @param {string} dir
 * @returns {Promise<ServerEntry>}
 */
async function loadServerEntry(config, name, plugins, dir) {
  await build({
    configFile: false,
    root: config.root,
    envDir: config.envDir,
    logLevel: 'warn',
    plugins: [...plugins, fragmentsEntry(name)],
    // Assets get the browser build's file names (same names, same inlining); their URLs start with the placeholder.
    experimental: { renderBuiltUrl: (file) => `${remoteBasePlaceholder}/${file}` },
    // The platform packages are compiled in, as the browser build has them: installed from a
    // registry they are in node_modules, which a server build would otherwise leave to Node.
    ssr: { noExternal: [/^@nova\//] },
    build: {
      ssr: true,
      outDir: dir,
      assetsDir: config.build.assetsDir,
      assetsInlineLimit: config.build.assetsInlineLimit,
      rolldownOptions: { input: fragmentsEntryId, output: { entryFileNames: 'fragments.mjs' } },
    },
  });
  return import(pathToFileURL(join(dir, 'fragments.mjs')).href);
}

/** A short hash of some texts, safe in file names and URLs. */
const shortHash = (/** @type {string[]} */ ...texts) =>
  texts
    .reduce((hash, text) => hash.update(text), createHash('sha256'))
    .digest('base64url')
    .slice(0, 12);

/**
 * Builds a remote's fragments in the same build as its JavaScript. After the browser build, it
 * builds the fragment list and the pages for Node, renders each page at each of its paths, and
 * writes `dist/fragments/<file>.json` (`{ head, html }`) and `dist/fragments/manifest.json`
 * (`{ remote, buildId, fragments: { <path>: <file> }, notFound: { <page>: <file> } }`). The build id is a hash of the browser
 * build's entry and manifest (every other file they lead to is named by its content hash) and
 * goes into `mf-manifest.json` too: a server uses a fragment only with the JavaScript it was
 * built with.
 * @param {{ name: string, plugins: import('vite').PluginOption[] }} remote
 *   name: the remote; plugins: what compiles its pages (JSX) for the server build.
 * @returns {import('vite').Plugin}
 */
export function fragmentBuild({ name, plugins }) {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  let buildId = '';
  return {
    name: 'nova:fragments',
    apply: 'build',
    // After the federation plugin has emitted its manifest, before the compression plugin reads it.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_, bundle) {
      const entry = bundle['remoteEntry.js'];
      const manifest = bundle['mf-manifest.json'];
      if (entry?.type !== 'chunk' || manifest?.type !== 'asset')
        this.error('The build has no remoteEntry.js or mf-manifest.json.');
      buildId = shortHash(entry.code, String(manifest.source));
      manifest.source = JSON.stringify({ ...JSON.parse(String(manifest.source)), buildId });
    },
    async writeBundle() {
      const started = performance.now();
      const outDir = resolve(config.root, config.build.outDir, 'fragments');
      // Inside the remote, so the server build's imports resolve to the remote's own dependencies.
      await mkdir(join(config.root, 'node_modules'), { recursive: true });
      const serverDir = await mkdtemp(join(config.root, 'node_modules/.nova-fragments-'));
      try {
        const { addresses, render } = await loadServerEntry(config, name, plugins, serverDir);
        let bytes = 0;
        for (const address of addresses) {
          const json = JSON.stringify(await render(address));
          bytes += Buffer.byteLength(json);
          await mkdir(dirname(join(outDir, address.file)), { recursive: true });
          await writeFile(join(outDir, address.file), json);
        }
        /** @type {import('@nova/contracts/fragments').FragmentManifest} */
        const manifest = {
          remote: name,
          buildId,
          fragments: Object.fromEntries(
            addresses.filter((address) => !address.notFound).map(({ path, file }) => [path, file]),
          ),
          notFound: Object.fromEntries(
            addresses.filter((address) => address.notFound).map(({ page, file }) => [page, file]),
          ),
        };
        await writeFile(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
        const took = Math.round(performance.now() - started);
        config.logger.info(
          `fragments: ${addresses.length} files (${(bytes / 1000).toFixed(1)} kB) in ${relative(config.root, outDir)}, build ${buildId}, ${took} ms`,
        );
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
