// @ts-check
// Node's own ceiling on this machine: the composer's pages, their exact bytes, sent from memory by
// Node's HTTP server and nothing else (plain-node-server.mjs), one process per core. No Node server
// serves more; the composer's distance to it is what its own work costs. Stopped by its process id.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @param {{ port: number, root: string, routes: string[], workers: number, headers: Record<string, string> }} options
 *   root: the pages as writePageFiles wrote them
 */
export async function startPlainNode({ port, root, routes, workers, headers }) {
  const server = spawn(process.execPath, [join(import.meta.dirname, 'plain-node-server.mjs')], {
    env: {
      ...process.env,
      ROOT: root,
      ROUTES: JSON.stringify(routes),
      HEADERS: JSON.stringify(headers),
      PORT: String(port),
      WORKERS: String(workers),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const origin = `http://localhost:${port}`;
  for (let waited = 0; ; waited += 50) {
    const ok = await fetch(origin + routes[0]).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null || waited > 10_000) {
      server.kill('SIGTERM');
      throw new Error(`Plain Node did not serve ${origin}${routes[0]}.`);
    }
    await sleep(50);
  }
  return {
    origin,
    stop: async () => {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
