// @ts-check
// The two builds the benchmark compares, served like production: the composed portal as
// `npm start` serves it, and the same pages built as one plain Vite app.
import { join } from 'node:path';
import { build } from 'vite';
import { gamePath, routes as pages } from '@nova/contracts/routes';
import { listen, shellPort, staticShellOrigin } from '../scripts/local-origins.mjs';
import { serveSite } from '../scripts/serve.mjs';

const oneAppPort = 4190;
const oneAppBuild = join(import.meta.dirname, 'one-app/dist');

/** The pages measured: one of each kind the portal has (the game page as Pug Life's). */
export const routes = [
  pages.home.path,
  pages.games.path,
  gamePath('pug-life'),
  pages.contact.path,
  pages.terms.path,
  pages.privacy.path,
];

/** Builds the one-app variant (the portal's own apps are built by `pnpm build`). */
export async function buildOneApp() {
  await build({ configFile: join(import.meta.dirname, 'one-app/vite.config.ts') });
}

/** Serves both builds; resolves to their origins and a function that stops them. */
export async function serveBothBuilds() {
  const composed = await serveSite({ log: () => {} });
  // One app loads no slices: its static host allows none.
  const oneApp = await listen(staticShellOrigin({ root: oneAppBuild, origins: [] }), oneAppPort);
  return {
    composed: `http://localhost:${shellPort}`,
    oneApp: `http://localhost:${oneAppPort}`,
    stop: () => Promise.all([composed.stop(), new Promise((resolve) => oneApp.close(resolve))]),
  };
}
