// @ts-check
// `pnpm dev`: every app on Vite's dev server, with HMR, and on the shell's port the pages composed
// on the server as production composes them (shell/server's composer, wired by composerFromConfig): the layout rendered from
// the shell's source, the page's fragment from its slice's source, on every request.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { workspaceEnvironment } from '../packages/contracts/src/environment.js';
import { remoteMapSchema, sliceVersion } from '../packages/contracts/src/remote-map.js';
import { shell, sliceNames, slices } from '../packages/contracts/src/slices.js';
import { portHolder, portTaken } from '../packages/tooling/src/port-holder.js';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import { stopOnSignal } from '../packages/tooling/src/stop-on-signal.js';
import { fragmentsFromSource, shellEntryFromSource } from '../packages/build-preset/src/server-source.js';
import { declaredPages, exposedModules } from '../packages/build-preset/src/slice-pages.js';
import { composerFromConfig } from '../shell/server/composer-from-config.mjs';
import { serverConfig } from '../shell/server/config.mjs';
import { fixedRemoteMap } from '../shell/server/remote-map-source.mjs';
import { shellDocument } from '../shell/server/shell-document.mjs';
import { gameProviderUrl, localDemoProvider } from './local-origins.mjs';

/** @typedef {import('../packages/contracts/src/slices.js').SliceName} SliceName */

/**
 * An app's own Vite dev server, from its vite.config.ts.
 * @param {string} folder
 * @param {{ server?: import('vite').ServerOptions, logLevel?: import('vite').LogLevel }} [differences] from its config
 */
const appServer = (folder, { server = {}, logLevel } = {}) =>
  createServer({
    root: join(repoRoot, folder),
    configFile: join(repoRoot, folder, 'vite.config.ts'),
    server,
    logLevel,
    ...(server.middlewareMode && { appType: 'custom' }),
  });

/**
 * The slices' fragments from source, as the composer looks them up: by the dev origin of a version's
 * entry, or of a dev server (the two are the same here).
 * @param {Map<string, Awaited<ReturnType<typeof fragmentsFromSource>>>} byOrigin each slice's, by its dev origin
 * @returns {import('../shell/server/fragment-source.mjs').FragmentSource}
 */
function fragmentsOnDemand(byOrigin) {
  /** @returns {Promise<import('../shell/server/fragment-source.mjs').FragmentLookup>} */
  const at = async (/** @type {string} */ origin, /** @type {string} */ path, /** @type {string} */ page) => {
    try {
      const fragment = await byOrigin.get(origin)?.fragmentAt(path, page);
      if (!fragment) return { kind: 'none' };
      return {
        kind: 'fragment',
        head: fragment.head,
        html: fragment.html,
        ...(fragment.notFound && { notFound: true }),
      };
    } catch (error) {
      console.error(`Rendering the fragment of ${path} failed: ${error instanceof Error ? error.stack : error}`);
      return { kind: 'unavailable', reason: 'its render failed' };
    }
  };
  return Object.assign(
    (/** @type {{ url: string }} */ entry, /** @type {string} */ path, /** @type {string} */ page) =>
      at(new URL(entry.url).origin, path, page),
    {
      prefetch: async () => [],
      fromDevServer: at,
      // One origin per slice, its dev server, which serves as long as pnpm dev runs.
      serves: () => true,
    },
  );
}

/**
 * The pages a slice's source declares (`src/exposes/pages.json`), checked as its build checks them.
 * @param {SliceName} name
 */
function sourcePages(name) {
  const app = join(repoRoot, slices[name].folder);
  const declared = declaredPages(app, exposedModules(app));
  if (declared.problems.length > 0) throw new Error(`${slices[name].folder}: ${declared.problems.join(' ')}`);
  return declared.pages;
}

/**
 * Fails, before any server starts, when a port it needs is taken, naming what holds it.
 * @param {{ port: number, serves: string }[]} needed
 */
async function refuseTakenPorts(needed) {
  for (const { port, serves } of needed) {
    if (!(await portTaken(port))) continue;
    const holder = portHolder(port);
    throw new Error(
      `Port ${port}, where pnpm dev serves ${serves}, is taken by ${holder ? `${holder.command} (pid ${holder.pid})` : 'another program'}. ` +
        'pnpm dev serves on the ports of the local environment `npm start` serves, so the two cannot run together: stop the other first.',
    );
  }
}

/**
 * Starts every dev server; the composed site is at the shell's port.
 * @param {{ portOffset?: number, provider?: boolean, quiet?: boolean }} [options]
 *   portOffset: added to every app's port (a test runs beside a served site); provider: whether to
 *   serve our demo provider where .env says (when .env names one on this machine); quiet: only
 *   warnings and errors
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function startDev({ portOffset = 0, provider = true, quiet = false } = {}) {
  const logLevel = quiet ? 'warn' : 'info';
  const log = quiet ? () => undefined : console.log;
  /** @type {{ close: () => Promise<void> }[]} */
  const running = [];
  /** Where an app of that port runs now, and its origin (what the URLs of its files start with). */
  const at = (/** @type {number} */ port) => ({
    port: port + portOffset,
    origin: `http://localhost:${port + portOffset}`,
  });
  const originOf = (/** @type {SliceName} */ name) => at(slices[name].port).origin;
  const launcher = provider ? localDemoProvider() : undefined;
  await refuseTakenPorts([
    ...sliceNames.map((name) => ({ port: at(slices[name].port).port, serves: `${name}'s dev server` })),
    ...(launcher ? [{ port: Number(launcher.port), serves: 'the demo provider' }] : []),
    { port: at(shell.port).port, serves: 'the composed site' },
  ]);
  /** @type {Map<string, Awaited<ReturnType<typeof fragmentsFromSource>>>} */
  const fragments = new Map();
  for (const name of sliceNames) {
    running.push(await (await appServer(slices[name].folder, { server: at(slices[name].port), logLevel })).listen());
    const source = await fragmentsFromSource(name, originOf(name), join(repoRoot, slices[name].folder));
    fragments.set(originOf(name), source);
    running.push(source);
    log(`${name.padEnd(10)} ${originOf(name)}`);
  }
  if (launcher) {
    running.push(await (await appServer('demo-provider', { logLevel })).listen());
    log(`provider   ${launcher.href}`);
  }

  const shellSource = await shellEntryFromSource(join(repoRoot, shell.folder));
  running.push(shellSource);
  const http = createHttpServer();
  const shellAt = at(shell.port);
  const shellVite = await appServer(shell.folder, {
    server: { ...shellAt, middlewareMode: true, ws: { server: http } },
    logLevel,
  });
  running.push(shellVite);
  const shellRoot = join(repoRoot, shell.folder);
  const template = await shellVite.transformIndexHtml('/', readFileSync(join(shellRoot, 'index.html'), 'utf8'));
  const remoteMap = fixedRemoteMap({
    text: JSON.stringify({
      schema: remoteMapSchema,
      // Each slice's dev server, with the pages its source declares now.
      microFrontends: Object.fromEntries(
        sliceNames.map((name) => {
          const dev = sliceVersion({ url: `${originOf(name)}/remoteEntry.js`, version: 'dev' });
          return [name, [{ ...dev, metadata: { ...dev.metadata, pages: sourcePages(name) } }]];
        }),
      ),
      environment: workspaceEnvironment((name) => [originOf(name)]),
    }),
    // Vite's dev servers change their files as they are edited: entries carry no integrity.
    served: { devServers: true },
    log,
  });
  // Production's wiring, with the shell, the map and the fragments from source.
  const config = serverConfig({
    gameProvider: gameProviderUrl(),
    // Vite's public files; it serves the rest of the shell's.
    shellBuild: join(shellRoot, 'public'),
    // Composed on every request: an edit shows on the next page.
    pageCacheMB: 0,
  });
  const { listener } = await composerFromConfig(config, {
    shell: {
      shell: { matchShell: async (options) => (await shellSource.entry()).matchShell(options) },
      document: shellDocument(template),
    },
    remoteMap,
    fragments: fragmentsOnDemand(fragments),
    // The slices' HMR sockets.
    sockets: sliceNames.map((name) => originOf(name).replace(/^http/, 'ws')),
    log: console.error,
  });
  // Vite answers what it serves (modules, HMR, public files); everything else is the composer's.
  shellVite.middlewares.use(listener);
  http.on('request', shellVite.middlewares);
  await new Promise((resolve) => http.listen(shellAt.port, 'localhost', () => resolve(undefined)));
  log(`shell      ${shellAt.origin}`);
  return {
    origin: shellAt.origin,
    stop: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await Promise.all(running.map((server) => server.close()));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dev = await startDev().catch((/** @type {unknown} */ error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  console.log(`Composing pages from source at ${dev.origin} (Ctrl-C stops it).`);
  stopOnSignal(dev.stop);
}
