// @ts-check
// Plain JavaScript: Vite loads app configs with Node, which imports this package as it is.
import { federation } from '@module-federation/vite';
import { shell, slices } from '@nova/contracts/slices';
import react from '@vitejs/plugin-react';
import { searchForWorkspaceRoot } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { chunkGroups } from './chunk-groups.js';
import { contractStamp } from './contract-stamp.js';
import { entryIntegrity } from './entry-integrity.js';
import { federationOptions } from './federation.js';
import { fragmentBuild } from './fragment-build.js';
import { precompressedFile } from './precompressed.js';
import { shellServerBuild } from './shell-server-build.js';
import { exposedModules, exposesFolder, pagesInManifest } from './slice-pages.js';
import { unitTestConfig } from './unit-tests.js';

/** JSX compiles to Emotion's runtime: in the browser builds and in the server entries. */
export const reactWithEmotion = () => react({ jsxImportSource: '@emotion/react' });

/**
 * Where the deployment configuration (.env) of the app in `root` lives: at the top of its
 * repository, the workspace's root in this repository, the slice's own folder in a repository of
 * its own.
 * @param {string} root the app's folder
 */
export const deploymentEnvDir = (root) => searchForWorkspaceRoot(root);

/**
 * The Vite config of every app. The shell is served at the site root. A remote's build is its
 * remote entry alone (its index.html harness is for `vite` dev only), with relative URLs so
 * its files load from wherever remotes.json says it lives.
 * @param {{ name: string, app: string, port: number, exposes?: Record<string, string>, plugins?: import('vite').PluginOption[] }} options
 *   name: the federation container name (a remote's is what remotes.json lists); app: the app's
 *   folder (its package.json and node_modules); port: of the dev server and `vite preview`;
 *   exposes: only remotes have them.
 */
function defineAppConfig({ name, app, port, exposes, plugins = [] }) {
  const isRemote = exposes !== undefined;
  return defineConfig(({ command, mode }) => ({
    base: isRemote ? './' : '/',
    envDir: deploymentEnvDir(app),
    plugins: [
      reactWithEmotion(),
      federation(federationOptions({ name, app, exposes, build: command === 'build' })),
      contractStamp(),
      ...plugins,
      // Every text file also as .br and .gz, so a static host sends them compressed.
      compression({ include: precompressedFile, logLevel: 'silent' }),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    // Dev server: pre-bundle afresh on every start. With a warm cache the federation plugin
    // leaves shared modules unmaterialised and @nova/store crashes at load
    // ("createJSONStorage is not a function"; module-federation/vite#1219).
    optimizeDeps: { force: true },
    preview: { port, strictPort: true },
    // Hidden source maps: not referenced by the bundles; the e2e suite reads them to see
    // which library every downloaded file carries.
    build: {
      target: 'es2022',
      sourcemap: /** @type {const} */ ('hidden'),
      rolldownOptions: {
        ...(isRemote && { input: {} }),
        output: { codeSplitting: chunkGroups({ remote: isRemote }) },
      },
    },
    ...(mode === 'test' && unitTestConfig),
  }));
}

/**
 * The shell's config: it lists no remotes; it reads them from /remotes.json at start-up. Its
 * build also builds its server entry, for the composer (see shell-server-build.js).
 * @param {{ app: string, plugins?: import('vite').PluginOption[] }} options
 *   app: the shell's folder (`import.meta.dirname` in its vite.config.ts); plugins: what the
 *   shell adds to its build
 */
export function defineShellConfig({ app, plugins }) {
  const serverBuild = shellServerBuild({
    entry: shell.serverEntry,
    output: shell.serverBuild,
    plugins: [reactWithEmotion()],
  });
  return defineAppConfig({
    name: 'shell',
    app,
    port: shell.port,
    plugins: [...(plugins ?? []), serverBuild],
  });
}

/** The port the slice list gives `name`, if it is one of the workspace's slices. */
const listedPort = (/** @type {string} */ name) =>
  Object.hasOwn(slices, name)
    ? slices[/** @type {import('@nova/contracts/slices').SliceName} */ (name)].port
    : undefined;

/**
 * A slice's config. It exposes its `src/exposes/<Page>.ts` files (the folder is the list), and its
 * build writes the pages it declares (`src/exposes/pages.json`) into its manifest, checked (see
 * slice-pages.js), and renders its pages to HTML fragments (dist/fragments/, see fragment-build.js).
 * @param {string} name the slice's name (its federation container's, the map's)
 * @param {string} app the slice's folder: `import.meta.dirname` in its vite.config.ts (in this
 *   workspace or in a repository of its own; `pnpm dev` loads every app's config from the root)
 * @param {{ port?: number }} [options] port: of its dev server and `vite preview`; a slice of the
 *   workspace's list (@nova/contracts/slices) has its own there, a slice made by `slice create`
 *   names it here
 */
export function defineRemoteConfig(name, app, { port = listedPort(name) } = {}) {
  if (port === undefined)
    throw new Error(
      `${name} is not in the slice list: give its dev server's port, defineRemoteConfig('${name}', import.meta.dirname, { port: 4180 }).`,
    );
  const exposed = exposedModules(app);
  return defineAppConfig({
    name,
    app,
    port,
    exposes: Object.fromEntries(exposed.map((page) => [`./${page}`, `./${exposesFolder}/${page}.ts`])),
    plugins: [
      pagesInManifest({ app, exposed }),
      entryIntegrity(),
      fragmentBuild({ name, plugins: [reactWithEmotion()] }),
    ],
  });
}
