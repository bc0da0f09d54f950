// @ts-check
// The local environment, served like separate deployments: the composer (shell/server,
// one process per core, exactly as in production) on 4173, each slice's published versions on its
// own port, and the demo provider (a stand-in third party) on 4178. Only the local wiring lives
// here: what a page answers, and with which headers, is the composer's.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shell } from '../packages/contracts/src/slices.js';
import { localDeployments, sliceOrigins } from '../packages/deploy/src/deployment-root.js';
import { stopOnSignal } from '../packages/tooling/src/stop-on-signal.js';
import { composerSettings, startComposer } from './local-composer.mjs';
import { listen, serveDemoProvider, shellPort, sliceHandler } from './local-origins.mjs';

/**
 * The whole local environment of a deployment root: the composer, each slice at the
 * origin the environment gives it, and the demo provider.
 * @param {{ deployments?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ stop: () => Promise<void> }>}
 */
export async function serveSite({ deployments = localDeployments, log = console.log } = {}) {
  /** @type {import('node:http').Server[]} */
  const servers = [];
  for (const [name, origin] of Object.entries(sliceOrigins(deployments))) {
    servers.push(await listen(sliceHandler({ root: join(deployments, name) }), Number(new URL(origin).port)));
    log(`${name.padEnd(10)} ${origin}`);
  }
  const provider = await serveDemoProvider(log);
  if (provider) servers.push(provider);
  const composer = await startComposer(composerSettings({ deployments, port: shellPort }));
  log(`shell      http://localhost:${shellPort} (metrics: http://127.0.0.1:${shell.metricsPort}/metrics)`);
  return {
    stop: async () => {
      await composer.stop();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = await serveSite();
  console.log(`Serving the composed site at http://localhost:${shellPort} (Ctrl-C stops it).`);
  stopOnSignal(site.stop);
}
