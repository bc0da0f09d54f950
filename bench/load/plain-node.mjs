// @ts-check
// Node's own ceiling on this machine: the composer's pages, their exact bytes and headers, sent from memory by
// Node's HTTP server and nothing else (plain-node-server.mjs), one process per core. No Node server
// serves more; the composer's distance to it is what its own work costs. Stopped by its process id.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { servingProcess } from '@nova/tooling/serving-process';

/**
 * @param {{ port: number, root: string, routes: string[], workers: number }} options
 *   root: the pages as writePageFiles wrote them, with their headers
 */
export async function startPlainNode({ port, root, routes, workers }) {
  const server = spawn(process.execPath, [join(import.meta.dirname, 'plain-node-server.mjs')], {
    env: {
      ...process.env,
      ROOT: root,
      ROUTES: JSON.stringify(routes),
      PORT: String(port),
      WORKERS: String(workers),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return servingProcess(server, {
    url: `http://localhost:${port}${routes[0]}`,
    problem: () => `Plain Node did not serve http://localhost:${port}${routes[0]}.`,
  });
}
