// @ts-check

/** @typedef {import('@module-federation/vite').ModuleFederationOptions} FederationOptions */
/** @typedef {Exclude<FederationOptions['shared'], string[] | undefined>} SharedConfig */

/**
 * What the shell provides and every remote uses at runtime, one copy each; its requiredVersion
 * comes from the installed package.json. Entry points imported on their own are listed too.
 * zustand is not here: only @nova/store uses it, and the store itself is shared.
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
 * The shared modules of one container. A remote's production build takes the singletons from
 * the shell alone and ships no fallback copy of them (`import: false`); in dev every app keeps
 * its own copies, so a slice also runs on its own.
 * @param {{ remote: boolean, build: boolean }} app
 * @returns {SharedConfig}
 */
function sharedModules({ remote, build }) {
  const shellOnly = remote && build;
  return Object.fromEntries([
    ...[...singletons, ...(build ? [] : devSingletons)].map((name) => [
      name,
      { singleton: true, ...(shellOnly && { import: /** @type {const} */ (false) }) },
    ]),
    ['@nova/ui/', { singleton: true }],
  ]);
}

/**
 * The federation options of one container: the shell provides the runtime and the shared
 * modules; a remote exposes its pages, with a manifest that lists each page's files.
 * @param {{ name: string, exposes?: Record<string, string>, build: boolean }} app
 * @returns {FederationOptions}
 */
export function federationOptions({ name, exposes, build }) {
  const remote = exposes !== undefined;
  return {
    name,
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedModules({ remote, build }),
    // The default 'version-first' fetches every registered remote's entry on first use.
    shareStrategy: 'loaded-first',
    manifest: remote,
    experiments: remote ? { externalRuntime: true } : { provideExternalRuntime: true },
    dts: false,
    dev: { remoteHmr: true },
  };
}
