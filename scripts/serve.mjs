// @ts-check
// Serves the built apps like separate deployments, with the headers a CDN would send.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import sirv from 'sirv';
import { shell, slices } from '../packages/contracts/src/slices.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const shellPort = shell.port;
/** Our demo game provider: a stand-in third party on its own origin, the frame's default. */
export const demoProviderPort = 4178;

/** The game provider's origin, from the same .env the builds read (the environment wins). */
function gameProviderOrigin() {
  const fileEnv = parseEnv(readFileSync(join(repoRoot, '.env'), 'utf8'));
  const url = process.env.VITE_GAME_DEMO_BASE_URL ?? fileEnv.VITE_GAME_DEMO_BASE_URL;
  if (!url) throw new Error('VITE_GAME_DEMO_BASE_URL is not set in .env.');
  return new URL(url).origin;
}

/**
 * The remotes a shell build will load: name → entry URL, from its remotes.json.
 * @param {string} shellRoot
 * @returns {Record<string, string>}
 */
export function readRemotes(shellRoot) {
  return JSON.parse(readFileSync(join(shellRoot, 'remotes.json'), 'utf8'));
}

/**
 * Origins the shell may load remotes from: those of its remotes.json's http(s) entries. An
 * entry that is not one is left out on its own (the shell shows that remote as unavailable);
 * a missing or broken remotes.json gives none (the shell says it cannot load its pages).
 * @param {string} shellRoot
 */
function remoteOrigins(shellRoot) {
  let remotes;
  try {
    remotes = readRemotes(shellRoot);
  } catch {
    return [];
  }
  if (typeof remotes !== 'object' || remotes === null) return [];
  return Object.values(remotes)
    .filter((entry) => typeof entry === 'string' && URL.canParse(entry))
    .map((entry) => new URL(entry))
    .filter((url) => url.protocol === 'http:' || url.protocol === 'https:')
    .map((url) => url.origin);
}

/**
 * The CSP sources ('sha256-…') of the inline scripts of an app's index.html, if it has one.
 * @param {string} root
 */
function inlineScriptHashes(root) {
  const file = join(root, 'index.html');
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script ?? '').digest('base64')}'`,
  );
}

/**
 * @param {string[]} remoteOrigins
 * @param {string[]} inlineScripts
 * @param {string} gameProvider
 */
function contentSecurityPolicy(remoteOrigins, inlineScripts, gameProvider) {
  const remotes = remoteOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScripts, ...remoteOrigins].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${remotes}`,
    `connect-src 'self' ${remotes}`,
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
  const delegated = ['autoplay', 'fullscreen', 'accelerometer', 'gyroscope', 'encrypted-media', 'clipboard-write', 'picture-in-picture'];
  const denied = ['camera', 'microphone', 'geolocation', 'payment', 'usb'];
  return [...delegated.map((feature) => `${feature}=(self ${provider})`), ...denied.map((feature) => `${feature}=()`)].join(', ');
}

/** What the demo provider, as a third party, sends: its own policy, and any local portal may frame it. */
const demoProviderContentSecurityPolicy = "default-src 'self'; frame-ancestors http://localhost:*; object-src 'none'; base-uri 'self'";

/**
 * @typedef {{ root: string, kind: 'shell' | 'remote' | 'provider', gameProvider?: string }} App
 *   root: the built files; gameProvider: the origin the shell may frame (by default the one .env names)
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} Handler
 */

/**
 * Answers for one built app, with the headers a CDN would send. The shell gets an SPA fallback
 * and a CSP listing the origins its remotes.json names and framing only the game provider; a
 * remote answers cross-origin requests; the demo provider may be framed. Hashed files are cached
 * for good; index.html, remotes.json and remote entries are revalidated on every use.
 * @param {App} app
 * @returns {Handler}
 */
export function appHandler({ root, kind, gameProvider = gameProviderOrigin() }) {
  const headers = {
    'Content-Security-Policy':
      kind === 'provider'
        ? demoProviderContentSecurityPolicy
        : contentSecurityPolicy(kind === 'shell' ? remoteOrigins(root) : [], kind === 'shell' ? inlineScriptHashes(root) : [], gameProvider),
    'Permissions-Policy': permissionsPolicy(gameProvider),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    ...(kind !== 'provider' && { 'X-Frame-Options': 'DENY' }),
    ...(kind === 'remote' && { 'Access-Control-Allow-Origin': '*' }),
  };
  const files = sirv(root, {
    single: kind === 'shell',
    etag: true,
    // The builds ship every text file precompressed (.br, .gz); sirv picks one by Accept-Encoding.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      const hashed = pathname.startsWith('/assets/');
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    files(req, res, () => {
      res.statusCode = 404;
      res.end('Not found');
    });
  };
}

/**
 * Serves `handler` on localhost:`port` (0: any free port).
 * @param {Handler} handler
 * @param {number} port
 * @returns {Promise<import('node:http').Server>}
 */
export function listen(handler, port) {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, 'localhost', () => resolve(server));
  });
}

/**
 * One built app on its own port, like a separate deployment.
 * @param {App & { port: number }} app
 */
export const serveApp = ({ port, ...app }) => listen(appHandler(app), port);

/**
 * The whole site: the shell on 4173, each remote on the port its remotes.json entry names, and
 * the demo provider on 4178.
 * @param {(line: string) => void} log
 */
export async function serveSite(log = console.log) {
  const shellRoot = join(repoRoot, shell.folder, 'dist');
  const servers = [await serveApp({ root: shellRoot, port: shellPort, kind: 'shell' })];
  log(`shell      http://localhost:${shellPort}`);
  for (const [name, entry] of Object.entries(readRemotes(shellRoot))) {
    const port = Number(new URL(entry).port);
    const { folder } = slices[/** @type {keyof typeof slices} */ (name)];
    servers.push(await serveApp({ root: join(repoRoot, folder, 'dist'), port, kind: 'remote' }));
    log(`${name.padEnd(10)} http://localhost:${port}`);
  }
  servers.push(await serveApp({ root: join(repoRoot, 'demo-provider/dist'), port: demoProviderPort, kind: 'provider' }));
  log(`provider   http://localhost:${demoProviderPort}/launch`);
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
