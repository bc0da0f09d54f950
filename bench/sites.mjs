// @ts-check
// The two builds the benchmark compares, served like production: the composed portal as
// `npm start` serves it, and the same pages built as one plain Vite app.
import { join } from 'node:path';
import { build } from 'vite';
import { serveApp, serveSite, shellPort } from '../scripts/serve.mjs';

const oneAppPort = 4190;

/** The pages measured: one of each kind the portal has. */
export const routes = ['/', '/games', '/games/pug-life', '/contact', '/terms-and-conditions', '/privacy-policy'];

/** Builds the one-app variant (the portal's own apps are built by `pnpm build`). */
export async function buildOneApp() {
  await build({ configFile: join(import.meta.dirname, 'one-app/vite.config.ts') });
}

/** Serves both builds; resolves to their origins and a function that stops them. */
export async function serveBothBuilds() {
  const servers = [
    ...(await serveSite(() => {})),
    await serveApp({ root: join(import.meta.dirname, 'one-app/dist'), port: oneAppPort, kind: 'shell' }),
  ];
  return {
    composed: `http://localhost:${shellPort}`,
    oneApp: `http://localhost:${oneAppPort}`,
    stop: () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}
