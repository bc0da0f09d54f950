// @ts-check
// Under `pnpm dev`, what the builds compile for the composer (the shell's server entry,
// each slice's fragments) loaded from source instead, by a Vite server compiled as those builds
// are (no federation). Each use loads the modules afresh if their files changed: an edit shows on
// the next page.
import { shell } from '@nova/contracts/slices';
import { join } from 'node:path';
import { createServer } from 'vite';
import { fragmentsEntry, fragmentsEntryId } from './fragment-build.js';
import { deploymentEnvDir, reactWithEmotion } from './vite-config.js';

/**
 * A Vite server that runs an app's modules on Node, without serving anything itself.
 * @param {{ root: string, plugins: import('vite').PluginOption[], origin?: string }} app
 *   root: the app's folder; origin: where the app's dev server serves its files (the URLs its
 *   assets render with)
 */
const sourceLoader = ({ root, plugins, origin }) =>
  createServer({
    configFile: false,
    root,
    // Not the app's dev server's cache: each optimizes its dependencies on its own.
    cacheDir: join(root, 'node_modules/.vite-server-source'),
    envDir: deploymentEnvDir(root),
    logLevel: 'warn',
    plugins,
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, origin },
    optimizeDeps: { noDiscovery: true },
  });

/**
 * The shell's server entry, from source: its module, loaded afresh if its files changed.
 * @param {string} root the shell's folder
 */
export async function shellEntryFromSource(root) {
  const loader = await sourceLoader({ root, plugins: [reactWithEmotion()] });
  return { entry: () => loader.ssrLoadModule(`/${shell.serverEntry}`), close: () => loader.close() };
}

/**
 * A slice's fragments, from source: what its build would write for a path (or, for an address its
 * page does not know, the page's Not Found fragment).
 * @param {string} name
 * @param {string} origin where the slice's dev server serves its files
 * @param {string} root the slice's folder
 */
export async function fragmentsFromSource(name, origin, root) {
  const loader = await sourceLoader({
    root,
    plugins: [reactWithEmotion(), fragmentsEntry(name)],
    origin,
  });
  return {
    /**
     * @param {string} path
     * @param {string} page the exposed page the path shows (`GamePage`)
     * @returns {Promise<(import('@nova/contracts/fragments').Fragment & { notFound: boolean }) | undefined>}
     */
    async fragmentAt(path, page) {
      const { addresses, render } = /** @type {import('./fragment-build.js').ServerEntry} */ (
        await loader.ssrLoadModule(fragmentsEntryId)
      );
      const address =
        addresses.find((listed) => !listed.notFound && listed.path === path) ??
        addresses.find((listed) => listed.notFound && listed.page === page);
      return address && { ...(await render(address)), notFound: address.notFound === true };
    },
    close: () => loader.close(),
  };
}
