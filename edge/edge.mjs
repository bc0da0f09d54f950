// @ts-check
// Starts the edge: nginx with edge/nginx.conf, in a folder of its own (configuration, pid, cache,
// temporary files, error log), in the foreground and without privileges; stops it by its process id.
import { execFileSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { chownSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx } from '../packages/tooling/src/nginx.js';
import { systemProgram } from '../packages/tooling/src/system-tools.js';
import { securityHeaderNames } from '../shell/server/page-policy.mjs';
import { edgeConfig } from './nginx-config.mjs';

/**
 * @typedef {{ origin: string, pid: number, cacheFolder: string, errorLog: () => string, stop: () => Promise<void> }} Edge
 *   errorLog: what nginx has written to its error log (kept in its folder, never printed)
 */

/**
 * The address a server started with this origin's host listens on (Node listens on the first one
 * the name resolves to), so nginx does not try the others first.
 * @param {string} origin
 */
async function addressOf(origin) {
  const { hostname, port } = new URL(origin);
  const { address, family } = await lookup(hostname.replace(/^\[|\]$/g, ''));
  return `${family === 6 ? `[${address}]` : address}:${port}`;
}

/**
 * The security headers the composer sends with every response, as it sends them now.
 * @param {string} composer its origin
 * @returns {Promise<Record<string, string>>}
 */
async function securityHeadersOf(composer) {
  const response = await fetch(`${composer}/`, { method: 'HEAD', signal: AbortSignal.timeout(10_000) }).catch(
    (error) => {
      throw new Error(`The composer at ${composer} did not answer: ${error instanceof Error ? error.message : error}`);
    },
  );
  return Object.fromEntries(
    securityHeaderNames.map((name) => {
      const value = response.headers.get(name);
      if (value === null) throw new Error(`The composer at ${composer} sent no ${name}.`);
      return [name, value];
    }),
  );
}

/** The user nginx runs as when it is started as root: never root itself. */
const unprivilegedUser = 'nobody';

/**
 * Who nginx runs as, all of its processes: the user who starts it, or, for root, an unprivileged
 * one (with that user's group), which must be able to read the builds it serves.
 * @returns {{ uid: number, gid: number } | undefined} none: the user who starts it
 */
function nginxUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (/** @type {string} */ flag) =>
    Number(execFileSync(systemProgram('id'), [flag, unprivilegedUser], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts nginx in front of a composer (which must be answering: the edge sends its security
 * headers); resolves once it answers.
 * @param {object} options
 * @param {number} options.port the shell origin's port
 * @param {string} options.composer the composer's origin (`http://localhost:4181`)
 * @param {string} options.shellBuild the shell's build folder (its /assets/ are served from disk)
 * @param {Record<string, { port: number, root: string }>} [options.slices] each slice origin this
 *   edge serves: its port and its folder of versions (none: pages only)
 * @param {string} [options.host] the address every origin of the edge listens on
 * @returns {Promise<Edge>}
 */
export async function startEdge({ port, composer, shellBuild, slices = {}, host = 'localhost' }) {
  // Before its configuration, which reads nginx's own files: at once, saying which step installs it.
  systemProgram('nginx');
  const files = edgeConfig({
    host,
    port,
    composer: await addressOf(composer),
    // By their real paths: nginx follows no link on the way to a file (disable_symlinks).
    shellBuild: realpathSync(shellBuild),
    slices: Object.values(slices).map((slice) => ({ ...slice, root: realpathSync(slice.root) })),
    securityHeaders: await securityHeadersOf(composer),
  });
  const prefix = mkdtempSync(join(tmpdir(), 'nova-edge-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(prefix, name), text);

  // Started as root, nginx runs as an unprivileged user from the start, master and workers alike:
  // no process of the edge has root's rights. Its folder (pid, cache, temporary files) is that
  // user's; the builds it serves are readable by anyone (slice publish makes them so).
  const user = nginxUser();
  if (user)
    for (const path of [prefix, ...readdirSync(prefix).map((name) => join(prefix, name))])
      chownSync(path, user.uid, user.gid);
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    // It answers /assets/ itself (a 404 at worst), whatever the composer's state.
    const nginx = await startNginx({ folder: prefix, url: `${origin}/assets/`, user });
    // The cache's folder (proxy_cache_path in nginx.conf): what it keeps, for whoever counts it.
    return {
      origin,
      pid: nginx.pid,
      cacheFolder: join(prefix, 'cache'),
      errorLog: nginx.errorLog,
      stop: async () => {
        await nginx.stop();
        rmSync(prefix, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`The edge did not start at ${origin}: ${error instanceof Error ? error.message : error}`);
  }
}
