// @ts-check
// The local environment's npm registry: Verdaccio with config.yaml beside this file. `pnpm
// registry` serves it on http://localhost:4873 with its storage in registry/storage/ (Ctrl-C stops
// it); tests start their own on a port and in a folder of their own (startRegistry). Anyone reads
// it; only platform:publish's account (publish-account.mjs) publishes, nobody unpublishes, and
// it answers no web page (server.mjs).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localRegistry } from '../packages/deploy/src/eject.js';
import { servingProcess } from '../packages/tooling/src/serving-process.js';
import { stopOnSignal } from '../packages/tooling/src/stop-on-signal.js';
import { accountFile, htpasswdLine, publishAccount } from './publish-account.mjs';
import { serverProgram } from './server.mjs';

const config = join(import.meta.dirname, 'config.yaml');

/**
 * Starts Verdaccio on `port` with its storage under `folder` (this folder's config is copied
 * there: the storage is relative to it) and resolves once it answers, within `timeoutMs`. Its
 * htpasswd file (config.yaml's `auth`) holds the publish account alone, made now if there is none.
 * @param {{ port: number, folder: string, timeoutMs?: number }} options
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startRegistry({ port, folder, timeoutMs = 30_000 }) {
  mkdirSync(join(folder, 'storage'), { recursive: true, mode: 0o700 });
  writeFileSync(join(folder, 'storage', 'htpasswd'), `${await htpasswdLine(publishAccount())}\n`, { mode: 0o600 });
  const ownConfig = join(folder, 'config.yaml');
  if (ownConfig !== config) copyFileSync(config, ownConfig);
  const child = spawn(process.execPath, [serverProgram, ownConfig, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const { pid, stop } = await servingProcess(child, {
    url: `${url}/-/ping`,
    timeoutMs,
    intervalMs: 100,
    problem: () => `Verdaccio did not answer on ${url} within ${timeoutMs / 1000} s:\n${output.trim()}`,
  });
  return { url, pid, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const registry = await startRegistry({ port: Number(new URL(localRegistry).port), folder: import.meta.dirname });
  console.log(
    `Registry: ${registry.url} (pid ${registry.pid}); pnpm platform:publish fills it, with the account in ` +
      `${relative(process.cwd(), accountFile)}. Ctrl-C stops it.`,
  );
  stopOnSignal(registry.stop);
}
