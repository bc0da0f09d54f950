// @ts-check
// Serves the local environment like separate deployments, with the headers a CDN would send:
// the shell's build (and the environment's remote map, /remotes.json) on 4173, each slice's
// published versions on its own port, the demo provider (a stand-in third party) on 4178.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { framePermissions } from '../packages/catalogue/src/frame-permissions.js';
import { canonicalPath } from '../packages/contracts/src/routes.js';
import { shell } from '../packages/contracts/src/slices.js';
import { createComposer, shellServerEntry } from '../shell/server/compose.mjs';
import { localDeployments, remoteMapFile, sliceOrigins } from '../packages/deploy/src/environment.js';
import { deploymentSetting } from '../packages/tooling/src/deployment-env.js';

const repoRoot = join(import.meta.dirname, '..');
// React's production build renders the composed pages.
process.env.NODE_ENV ??= 'production';
export const shellPort = shell.port;
/** Our demo game provider: a stand-in third party on its own site, the frame's default (.env). */
const demoProvider = new URL('http://127.0.0.1:4178');
/** The shell's build, which every environment serves as it is. */
export const shellBuild = join(repoRoot, shell.folder, 'dist');

/** @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} Handler */

/** The game provider's origin, from the same .env the builds read (the environment wins). */
function gameProviderOrigin() {
  const url = deploymentSetting('VITE_GAME_DEMO_BASE_URL');
  if (!url) throw new Error('VITE_GAME_DEMO_BASE_URL is not set in .env.');
  return new URL(url).origin;
}

/**
 * The origins of every http(s) URL a remote map lists (any version of any slice). Whatever is
 * not one is left out on its own; a map that is missing or unreadable (null) gives none.
 * @param {any} map the map's content
 */
function remoteOrigins(map) {
  const versions = Object.values(Object(map?.microFrontends)).flatMap((listed) =>
    Array.isArray(listed) ? listed : [],
  );
  const origins = versions
    .map((version) => version?.url)
    .filter((url) => typeof url === 'string' && URL.canParse(url))
    .map((url) => new URL(url))
    .filter((url) => url.protocol === 'http:' || url.protocol === 'https:')
    .map((url) => url.origin);
  return [...new Set(origins)];
}

/**
 * The CSP sources ('sha256-…') of the inline scripts of an app's index.html.
 * @param {string} root
 */
function inlineScriptHashes(root) {
  const file = join(root, 'index.html');
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) =>
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
  );
}

/**
 * @param {{ remotes: string[], inlineScripts: string[], gameProvider: string }} allowed
 */
function shellContentSecurityPolicy({ remotes, inlineScripts, gameProvider }) {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScripts, ...remotes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${remotes.join(' ')}`,
    `connect-src 'self' ${remotes.join(' ')}`,
    `frame-src ${gameProvider}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** @param {string} gameProvider */
function permissionsPolicy(gameProvider) {
  const provider = `"${gameProvider}"`;
  const denied = ['camera', 'microphone', 'geolocation', 'payment', 'usb'];
  return [
    ...framePermissions.map((feature) => `${feature}=(self ${provider})`),
    ...denied.map((feature) => `${feature}=()`),
  ].join(', ');
}

const commonHeaders = { 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Content-Type-Options': 'nosniff' };

/**
 * Static files, precompressed where the build shipped .br and .gz (sirv picks by Accept-Encoding).
 * @param {string} root
 * @param {{ single?: boolean, dynamic?: boolean, cacheControl: (pathname: string) => string }} options
 */
function staticFiles(root, { single = false, dynamic = false, cacheControl }) {
  const files = sirv(root, {
    single,
    dev: dynamic,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControl(pathname)),
  });
  /** @type {Handler} */
  return (req, res) =>
    files(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
}

/**
 * A page the server composed, compressed as the browser accepts.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ status: number, html: string }} page
 */
function sendComposed(req, res, { status, html }) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepted)
    ? ['br', brotliCompressSync(html)]
    : /\bgzip\b/.test(accepted)
      ? ['gzip', gzipSync(html)]
      : [undefined, Buffer.from(html)];
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    'Content-Length': body.length,
    ...(encoding && { 'Content-Encoding': encoding }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A request for a page (an address without a file extension), not for a file. */
const isPageRequest = (/** @type {import('node:http').IncomingMessage} */ req, /** @type {string} */ pathname) =>
  (req.method === 'GET' || req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(pathname);

/**
 * The shell: each page composed on the server (the layout, and the released remote's fragment in
 * its slot; see shell/server/compose.mjs), its build's files, and the environment's remote map at
 * /remotes.json, read afresh on every request (a release takes effect on the next page load).
 * Without the shell's server entry, pages fall back to the static index.html. Its CSP allows the
 * origins the map names, the document's inline scripts and frames of the game provider only.
 * @param {{ remoteMap: string, root?: string, gameProvider?: string, serverEntry?: string | false }} options
 *   remoteMap: the map's file; serverEntry: the shell's render-shell.mjs (false: static pages only)
 * @returns {Handler}
 */
export function shellHandler({
  remoteMap,
  root = shellBuild,
  gameProvider = gameProviderOrigin(),
  serverEntry = shellServerEntry(shellBuild),
}) {
  const inlineScripts = inlineScriptHashes(root);
  const files = staticFiles(root, {
    single: true,
    cacheControl: (pathname) => (pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  const compose = serverEntry ? createComposer({ shellRoot: root, serverEntry }) : async () => undefined;
  return async (req, res) => {
    // Read once: the CSP and the composed page follow the same map.
    const map = readRemoteMap(remoteMap);
    const policy = shellContentSecurityPolicy({ remotes: remoteOrigins(map), inlineScripts, gameProvider });
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('Permissions-Policy', permissionsPolicy(gameProvider));
    res.setHeader('X-Frame-Options', 'DENY');
    for (const [name, value] of Object.entries(commonHeaders)) res.setHeader(name, value);
    // Appended, not resolved: a path that starts with // is not a host.
    const { pathname, search } = new URL(`http://localhost${req.url ?? '/'}`);
    if (pathname === '/remotes.json') {
      if (!existsSync(remoteMap)) return res.writeHead(404).end('No remote map in this environment.');
      return res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' })
        .end(readFileSync(remoteMap));
    }
    if (!isPageRequest(req, pathname)) return files(req, res);
    // A page has one address: any other spelling of it is sent there for good.
    const canonical = canonicalPath(pathname);
    if (canonical !== pathname)
      return res.writeHead(308, { Location: canonical + search, 'Cache-Control': 'no-cache' }).end();
    const page = await compose({ path: pathname, remoteMap: map }).catch((error) => {
      console.error(`Composing ${pathname} failed; the browser renders it.`, error);
      return undefined;
    });
    if (page) sendComposed(req, res, page);
    else files(req, res);
  };
}

/** The remote map's content; null where it is missing or unreadable (the browser reports it). */
function readRemoteMap(/** @type {string} */ file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A slice's deployments: each version in a folder of its own, never changed once published, so
 * everything is cached for good; versions published while it runs are served at once. Any
 * origin may load them (the shell loads them cross-origin).
 * @param {{ root: string }} options  root: the slice's folder of versions (or one build)
 * @returns {Handler}
 */
export function sliceHandler({ root }) {
  const files = staticFiles(root, { dynamic: true, cacheControl: () => 'public, max-age=31536000, immutable' });
  return (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    for (const [name, value] of Object.entries(commonHeaders)) res.setHeader(name, value);
    files(req, res);
  };
}

/**
 * The demo provider, as a third party serves it: its own policy, and any local portal may frame it.
 * @param {{ root: string }} options
 * @returns {Handler}
 */
export function providerHandler({ root }) {
  const files = staticFiles(root, {
    cacheControl: (pathname) => (pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  return (req, res) => {
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; frame-ancestors http://localhost:*; object-src 'none'; base-uri 'self'",
    );
    for (const [name, value] of Object.entries(commonHeaders)) res.setHeader(name, value);
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

/**
 * The whole local environment of a deployment root: the shell, each slice at the origin the
 * environment gives it, and the demo provider.
 * @param {{ deployments?: string, log?: (line: string) => void }} [options]
 */
export async function serveSite({ deployments = localDeployments, log = console.log } = {}) {
  const servers = [await listen(shellHandler({ remoteMap: remoteMapFile(deployments) }), shellPort)];
  log(`shell      http://localhost:${shellPort}`);
  for (const [name, origin] of Object.entries(sliceOrigins(deployments))) {
    const port = Number(new URL(origin).port);
    servers.push(await listen(sliceHandler({ root: join(deployments, name) }), port));
    log(`${name.padEnd(10)} ${origin}`);
  }
  const provider = providerHandler({ root: join(repoRoot, 'demo-provider/dist') });
  servers.push(await listen(provider, Number(demoProvider.port), demoProvider.hostname));
  log(`provider   ${demoProvider.origin}/launch`);
  return servers;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const servers = await serveSite();
  console.log(`Serving the composed site at http://localhost:${shellPort} (Ctrl-C stops it).`);
  process.once('SIGINT', () => {
    for (const server of servers) server.close();
    process.exit(0);
  });
}
