// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('@module-federation/vite').ModuleFederationOptions} FederationOptions */
/** @typedef {Exclude<FederationOptions['shared'], string[] | undefined>} SharedConfig */

/**
 * What the shell provides and every remote uses at runtime, one copy on the page. Entry points
 * imported on their own are listed too. zustand is not here: only @nova/store uses it, and the
 * store itself is shared.
 */
const singletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  '@emotion/styled',
  '@nova/router',
  '@nova/store',
];
/** Only the dev server's JSX compiles to these. */
const devSingletons = ['react/jsx-dev-runtime', '@emotion/react/jsx-dev-runtime'];

/**
 * The version of the package that provides `module`, as `app` has it installed (what it is built
 * against); none if `app` does not depend on it.
 * @param {string} app  the app's folder
 * @param {string} module
 */
export function installedVersion(app, module) {
  const name = module
    .split('/')
    .slice(0, module.startsWith('@') ? 2 : 1)
    .join('/');
  const file = join(app, 'node_modules', name, 'package.json');
  return existsSync(file) ? /** @type {string} */ (JSON.parse(readFileSync(file, 'utf8')).version) : undefined;
}

/**
 * The shared modules of one container, each requiring the version the app is built against (or a
 * later minor). Singletons are one copy on the page: a remote's production build takes them from
 * the shell and ships no copy of its own (`import: false`); the shell's build provides them
 * eagerly: every page runs them at start, so they come in one file rather than a wrapper file
 * each. In dev every app keeps its copies, so a slice also runs alone. @nova/ui is not shared:
 * it holds no state, and each slice bundling the few kilobytes it uses costs a visitor fewer
 * files than a federation wrapper per module.
 * @param {{ app: string, remote: boolean, build: boolean }} container
 * @returns {SharedConfig}
 */
function sharedModules({ app, remote, build }) {
  const shellOnly = remote && build;
  const providedAtStart = !remote && build;
  /** @type {SharedConfig} */
  const shared = {};
  for (const module of [...singletons, ...(build ? [] : devSingletons)]) {
    const version = installedVersion(app, module);
    if (!version) continue;
    shared[module] = {
      singleton: true,
      requiredVersion: `^${version}`,
      ...(shellOnly && { import: false }),
      ...(providedAtStart && { eager: true }),
    };
  }
  return shared;
}

/**
 * The federation options of one container: the shell provides the runtime and the shared
 * modules; a remote exposes its pages. Each build's manifest lists its pages' files and its
 * shared modules with their versions (what the contract check reads).
 * @param {{ name: string, app: string, exposes?: Record<string, string>, build: boolean }} container
 *   app: the app's folder
 * @returns {FederationOptions}
 */
export function federationOptions({ name, app, exposes, build }) {
  const remote = exposes !== undefined;
  return {
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedModules({ app, remote, build }),
    // The default 'version-first' fetches every registered remote's entry on first use.
    shareStrategy: 'loaded-first',
    manifest: true,
    experiments: remote ? { externalRuntime: true } : { provideExternalRuntime: true },
    dts: false,
    dev: { remoteHmr: true },
  };
}
