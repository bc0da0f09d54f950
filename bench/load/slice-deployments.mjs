// @ts-check
// An environment of the benchmark's own: a temporary deployment root where every slice's current
// build is published and released with the slice CLI, each slice served from a port of its own
// (or, to stall it, a server there that accepts connections and never answers).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sliceNames } from '@nova/contracts/slices';
import { listen, sliceHandler } from '../../scripts/local-origins.mjs';
import { repoRoot } from '@nova/tooling/repo-root';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */

const run = promisify(execFile);
const sliceCli = join(repoRoot, 'packages/deploy/src/cli.js');

/**
 * A TCP server on `port` that accepts connections and never answers.
 * @param {number} port
 */
async function silentServer(port) {
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(port, 'localhost', () => resolve(undefined)));
  return {
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  };
}

/**
 * Publishes and releases every slice's current build (`pnpm build`) in a new deployment root,
 * each slice served at its port.
 * @param {{ ports: Record<SliceName, number>, stalled?: SliceName[] }} options
 *   stalled: slices whose origin accepts connections and never answers
 */
export async function deploySlices({ ports, stalled = [] }) {
  const root = mkdtempSync(join(tmpdir(), 'nova-load-'));
  /** @type {{ close: () => Promise<unknown> }[]} */
  const servers = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(root, { recursive: true, force: true });
  };
  /** Runs the slice CLI against this environment, as a slice team would; resolves to what it printed. */
  const slice = async (/** @type {string[]} */ ...args) =>
    (await run(process.execPath, [sliceCli, ...args, '--root', root], { encoding: 'utf8' })).stdout;
  try {
    /** @type {Record<string, string>} */
    const origins = {};
    for (const name of sliceNames) {
      mkdirSync(join(root, name));
      const port = ports[name];
      if (stalled.includes(name)) servers.push(await silentServer(port));
      else {
        const server = await listen(sliceHandler({ root: join(root, name) }), port);
        servers.push({ close: () => new Promise((resolve) => server.close(resolve)) });
      }
      origins[name] = `http://localhost:${port}`;
    }
    writeFileSync(join(root, 'environment.json'), JSON.stringify({ origins }));
    await slice('publish', '--all', '--built', '--release');
  } catch (error) {
    await stop();
    throw error;
  }
  return { root, slice, stop };
}
