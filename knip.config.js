// @ts-check
// Knip finds the entries of Vite, Vitest, Playwright, ESLint and package.json scripts itself;
// these are the ones it cannot see. A slice's public face is the modules its federation config
// exposes (its src/exposes/<Page>.ts files) and the fragment list its build renders (src/exposes/).
// Every container's federation config names the shared singletons
// (packages/build-preset/src/federation.js), so a slice depends on them whether or not its own code
// imports them.
import { shell, slices } from './packages/contracts/src/slices.js';

/** What each slice needs beyond its exposed pages: scripts, and singletons its code does not import. */
const sliceExtras = {
  marketing: { entry: ['scripts/*.mjs'] },
  games: { ignoreDependencies: ['@nova/store', 'zustand'] },
  legal: { ignoreDependencies: ['@nova/store', 'zustand'] },
  contact: {},
};

/** @type {import('knip').KnipConfig} */
export default {
  // The catalog also pins what a slice's own repository installs beside its dependencies here
  // (patch-package: packages/deploy/src/eject.js), which no workspace package uses.
  ignoreIssues: { 'pnpm-workspace.yaml': ['catalog'] },
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs'],
      // The JSX runtime tsconfig.base.json names is each app's own dependency.
      ignoreDependencies: ['@emotion/react'],
    },
    [shell.folder]: {
      // Built for Node by the shell's build (packages/build-preset/src/shell-server-build.js).
      entry: [shell.serverEntry, 'server/*.mjs'],
    },
    ...Object.fromEntries(
      Object.entries(slices).map(([name, { folder }]) => {
        const { entry = [], ignoreDependencies = [] } =
          /** @type {{ entry?: string[], ignoreDependencies?: string[] }} */ (
            sliceExtras[/** @type {keyof typeof sliceExtras} */ (name)] ?? {}
          );
        return [folder, { entry: ['src/exposes/*.ts', ...entry], ignoreDependencies }];
      }),
    ),
    'packages/catalogue': { entry: ['scripts/*.mjs'] },
    // The tests' PostgreSQL: Vitest's globalSetup, named in the root config.
    discovery: { entry: ['src/postgres-setup.ts'] },
    bench: {
      // plain-node-server.mjs is started as a process of its own (load/plain-node.mjs).
      entry: ['one-app/vite.config.ts', 'load/plain-node-server.mjs'],
    },
  },
};
