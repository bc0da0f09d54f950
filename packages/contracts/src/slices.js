// @ts-check
// The one list of the portal's deployables. Plain JavaScript, so Node scripts (the local server,
// lint, the benchmark) read it as it is, and TypeScript sees its exact values.

/**
 * The host that composes the slices: where it runs locally (its pages, and its metrics on a port
 * of their own), and its server entry (what the composer renders the layout with), in its
 * folder: its source, and the file it is built into (beside the browser's dist/, so no static
 * host serves it), which the composer loads.
 */
export const shell = /** @type {const} */ ({
  folder: 'shell',
  port: 4173,
  metricsPort: 4179,
  serverEntry: 'src/composition/render-shell.tsx',
  serverBuild: 'dist-server/render-shell.mjs',
});

/**
 * The slices of this workspace, each built and deployed on its own: its folder, the port it runs on
 * locally and the paths the local environment gives it (the defaults of a deployment root's
 * environment.json). What a slice exposes and the pages it declares are its own, in its folder
 * (`src/exposes/<Page>.ts`, `src/exposes/pages.json`), read by its build.
 */
export const slices = /** @type {const} */ ({
  marketing: { folder: 'mfe-marketing', port: 4174, paths: ['/'] },
  games: { folder: 'mfe-games', port: 4175, paths: ['/games/*'] },
  legal: { folder: 'mfe-legal', port: 4176, paths: ['/terms-and-conditions', '/privacy-policy'] },
  contact: { folder: 'mfe-contact', port: 4177, paths: ['/contact'] },
});

/** @typedef {keyof typeof slices} SliceName */

/** @type {readonly SliceName[]} */
export const sliceNames = /** @type {SliceName[]} */ (Object.keys(slices));
