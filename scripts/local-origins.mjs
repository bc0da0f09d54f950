// @ts-check
// The local environment's origins, as separate deployments would be: each slice's published
// versions on its own port, the demo provider (a stand-in third party), a shell build as plain
// static files, and where each is. The composer, which answers the pages, is local-composer.mjs's;
// serve.mjs starts them all.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { shell } from '../packages/contracts/src/slices.js';
import { commaList, httpOrigin } from '../packages/kit/src/settings.js';
import { deploymentSetting } from '../packages/tooling/src/deployment-env.js';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import {
  cachePolicy,
  fileCaching,
  fileHeaders,
  inlineScriptHashes,
  securityHeaders,
  sliceOriginHeaders,
} from '../shell/server/page-policy.mjs';
import { servedFiles } from '../shell/server/static-files.mjs';

export const shellPort = shell.port;
/** Our demo game provider's build: a stand-in third party, the frame's default (.env). */
export const demoProviderBuild = join(repoRoot, 'demo-provider/dist');
/** The shell's build, which every environment serves as it is. */
export const shellBuild = join(repoRoot, shell.folder, 'dist');

/** @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} Handler */

/** The game provider's demo launcher, an http(s) URL, from the same .env the builds read (the environment wins). */
export function gameProviderUrl() {
  const url = deploymentSetting('VITE_GAME_DEMO_BASE_URL');
  if (!url) throw new Error('VITE_GAME_DEMO_BASE_URL is not set in .env.');
  httpOrigin('VITE_GAME_DEMO_BASE_URL', url);
  return url;
}

/**
 * Where our demo provider is to run: at the launcher .env names, when that is on this machine;
 * nowhere when .env names a real provider.
 * @returns {URL | undefined}
 */
export function localDemoProvider() {
  const launcher = new URL(gameProviderUrl());
  return ['127.0.0.1', 'localhost', '[::1]'].includes(launcher.hostname) ? launcher : undefined;
}

/**
 * Serves our demo provider where .env's launcher says, if that is on this machine.
 * @param {(line: string) => void} log
 * @returns {Promise<import('node:http').Server | undefined>}
 */
export async function serveDemoProvider(log) {
  const launcher = localDemoProvider();
  if (!launcher) return undefined;
  const host = launcher.hostname.replace(/^\[(.*)\]$/, '$1');
  const server = await listen(providerHandler({ root: demoProviderBuild }), Number(launcher.port || 80), host);
  log(`provider   ${launcher.href}`);
  return server;
}

/**
 * Static files, precompressed where the build shipped .br and .gz (sirv picks by Accept-Encoding):
 * plain files only, never through a link, never a source map or build record (servedFiles).
 * @param {string} root
 * @param {{ single?: boolean, dynamic?: boolean, extensions?: string[], cacheControl: (pathname: string) => string }} options
 *   extensions: what an address may leave off a file's name (`/launch` for `launch.html`)
 * @returns {Handler}
 */
function staticFiles(root, { single = false, dynamic = false, extensions = [], cacheControl }) {
  const files = servedFiles(root, {
    single,
    extensions,
    dev: dynamic,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControl(pathname)),
  });
  return (req, res) =>
    files(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
}

/**
 * A shell build served as plain static files, with the remote map file at /remotes.json if there
 * is one: the browser renders every page and reads the map itself (a static host without the
 * composer; the one-app benchmark).
 * @param {{ root: string, remoteMap?: string, origins: readonly string[], gameProvider?: string }} options
 *   origins: every slice origin its pages may load from (the CSP allows them)
 * @returns {Handler}
 */
export function staticShellOrigin({ root, remoteMap, origins, gameProvider = gameProviderUrl() }) {
  const inlineScripts = inlineScriptHashes(readFileSync(join(root, 'index.html'), 'utf8'));
  const headers = securityHeaders({
    sliceOrigins: origins,
    inlineScripts,
    gameProvider: new URL(gameProvider).origin,
  });
  const files = staticFiles(root, { single: true, cacheControl: fileCaching });
  return (req, res) => {
    for (let at = 0; at < headers.length; at += 2) res.setHeader(String(headers[at]), String(headers[at + 1]));
    if (remoteMap && req.url?.split('?')[0] === '/remotes.json') {
      if (!existsSync(remoteMap)) return void res.writeHead(404).end('No remote map in this environment.');
      return void res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': cachePolicy.revalidate })
        .end(readFileSync(remoteMap));
    }
    files(req, res);
  };
}

/**
 * A slice's deployments: each version in a folder of its own, never changed once published, so
 * everything is cached for good; versions published while it runs are served at once. Any
 * origin may load them (the shell loads them cross-origin).
 * @param {{ root: string }} options  root: the slice's folder of versions (or one build)
 * @returns {Handler}
 */
export function sliceHandler({ root }) {
  const files = staticFiles(root, { dynamic: true, cacheControl: () => cachePolicy.immutable });
  return (req, res) => {
    for (const [name, value] of Object.entries(sliceOriginHeaders)) res.setHeader(name, value);
    files(req, res);
  };
}

/**
 * The portals that may frame the demo provider, as CSP sources: PORTAL_ORIGINS (comma-separated)
 * where a portal runs on another host (staging, a LAN address), else any portal on this machine.
 */
export const portalOrigins = () => commaList(process.env.PORTAL_ORIGINS ?? 'http://localhost:*');

/**
 * The demo provider, as a third party serves it: its own policy, framed only by the portals it is
 * configured for.
 * @param {{ root: string, portals?: string[] }} options
 * @returns {Handler}
 */
export function providerHandler({ root, portals = portalOrigins() }) {
  const files = staticFiles(root, { extensions: ['html'], cacheControl: fileCaching });
  const policy = `default-src 'self'; frame-ancestors ${portals.join(' ')}; object-src 'none'; base-uri 'self'`;
  return (req, res) => {
    res.setHeader('Content-Security-Policy', policy);
    for (const [name, value] of Object.entries(fileHeaders)) res.setHeader(name, value);
    files(req, res);
  };
}

/**
 * Serves `handler` on `host`:`port` (0: any free port).
 * @param {Handler} handler
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<import('node:http').Server>}
 */
export function listen(handler, port, host = 'localhost') {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
