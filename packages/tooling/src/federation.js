// @ts-check

/** @typedef {Exclude<import('@module-federation/vite').ModuleFederationOptions['shared'], string[] | undefined>} SharedConfig */

const singleton = /** @type {const} */ ({ singleton: true });

/**
 * The one definition of what the shell and every remote share at runtime. Each is a
 * singleton; its requiredVersion comes from the installed package.json. Entry points that
 * are imported on their own are listed too, so the shell registers them first and every
 * remote uses the shell's copy.
 * @type {SharedConfig}
 */
export const shared = {
  react: singleton,
  'react/jsx-runtime': singleton,
  'react/jsx-dev-runtime': singleton,
  'react-dom': singleton,
  'react-dom/client': singleton,
  'react-router-dom': singleton,
  zustand: singleton,
  'zustand/middleware': singleton,
  '@emotion/react': singleton,
  '@emotion/react/jsx-runtime': singleton,
  '@emotion/react/jsx-dev-runtime': singleton,
  '@emotion/styled': singleton,
  '@nova/store': singleton,
  '@nova/ui/': singleton,
};

/**
 * Options every container (shell and remotes) uses.
 * @satisfies {Partial<import('@module-federation/vite').ModuleFederationOptions>}
 */
export const federationDefaults = {
  shared,
  // The default 'version-first' fetches every registered remote's entry on first use.
  shareStrategy: /** @type {const} */ ('loaded-first'),
  dts: false,
  dev: { remoteHmr: true },
};
