// @ts-check
// The composer in a local environment: its settings (the environment's map, origins and
// signing key), started as production runs it (shell/server/main.mjs, processes of its own), or
// in this process for an environment a test or the benchmark deploys.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { shell } from '../packages/contracts/src/slices.js';
import { remoteMapFile } from '../packages/deploy/src/deployment-root.js';
import { localSigningKey } from '../packages/signing/src/signing-key.js';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import { servingProcess } from '../packages/tooling/src/serving-process.js';
import { composerFromConfig } from '../shell/server/composer-from-config.mjs';
import { composerEnvironment, serverConfig } from '../shell/server/config.mjs';
import { metricsServer } from '../shell/server/metrics.mjs';
import { healthPaths } from '../shell/server/node-adapter.mjs';
import { gameProviderUrl, shellBuild } from './local-origins.mjs';

const composerEntry = join(repoRoot, shell.folder, 'server/main.mjs');

/** @typedef {import('./local-origins.mjs').Handler} Handler */

/**
 * The composer in this process, for one environment's remote map (the e2e suite and the
 * benchmark deploy extra shells with it), wired as production wires it (composer-from-config.mjs)
 * but in one process. `npm start` runs shell/server/main.mjs instead.
 * @param {{ remoteMap: string, root?: string, gameProvider?: string, signingKey?: string, trustedProxies?: string[], overrides?: boolean, bucketChoiceSeconds?: number }} options
 *   remoteMap: the map's file or URL (its environment says which origins serve which slice);
 *   signingKey: the environment's (a random one by default: no preview link is valid);
 *   trustedProxies: whose X-Forwarded-For names the client (none by default); overrides: whether
 *   it allows development overrides (`slice dev`) from this machine's dev servers (not by default);
 *   bucketChoiceSeconds: BUCKET_CHOICE_SECONDS (its default unless given)
 * @returns {Promise<Handler & { close: () => void, metrics: import('node:http').Server }>} close: stops
 *   reading the map; metrics: the server of its /metrics, not listening yet (its port is the caller's)
 */
export async function composerInProcess({
  remoteMap,
  root = shellBuild,
  gameProvider = gameProviderUrl(),
  signingKey,
  trustedProxies = [],
  overrides = false,
  bucketChoiceSeconds,
}) {
  const config = serverConfig({
    remoteMap,
    gameProvider,
    shellBuild: root,
    signingKey,
    trustedProxies,
    overrides: { allowed: overrides },
    bucketChoiceSeconds,
  });
  // Many environments start and stop in a test run: their maps' revisions would only be noise.
  const { listener, remoteMap: source, metrics } = await composerFromConfig(config, { mapLog: () => undefined });
  return Object.assign(listener, {
    close: source.close,
    metrics: metricsServer({ read: () => metrics.registry.metrics(), log: () => undefined }),
  });
}

/**
 * The composer's settings for a local environment (shell/server/config.mjs's ComposerSettings): its
 * signing key is the deployment root's key file (made once), which `slice preview` reads too.
 * @param {string} deployments
 * @returns {import('../shell/server/config.mjs').ComposerSettings}
 */
export const localComposerSettings = (deployments) => ({
  remoteMap: remoteMapFile(deployments),
  gameProvider: gameProviderUrl(),
  signingKey: localSigningKey(deployments),
  // A team may see its slice from its dev server here (`slice dev`); production leaves them off.
  overrides: { allowed: true },
});

/**
 * The environment of the composer as a process of its own (startComposer) for a local
 * environment, on `port` (and `metricsPort`), with any other settings given.
 * @param {{ deployments: string, port: number, metricsPort?: number } & Partial<import('../shell/server/config.mjs').ComposerSettings>} options
 */
export const composerSettings = ({ deployments, port, metricsPort = shell.metricsPort, ...others }) =>
  composerEnvironment({ ...localComposerSettings(deployments), host: 'localhost', port, metricsPort, ...others });

/**
 * Starts the composer (shell/server/main.mjs) as production runs it, in processes of its
 * own; resolves once it is ready.
 * @param {Record<string, string>} settings its environment (composerSettings)
 * @param {{ keepOutput?: boolean, alsoReady?: (pid: number) => boolean }} [options] keepOutput: keep what it
 *   prints (`output`) instead of printing it; alsoReady: what else must hold, given its process id, once
 *   it answers that it is ready (e.g. every worker started)
 * @returns {Promise<{ pid: number, stop: () => Promise<void>, output: () => string }>}
 */
export async function startComposer(settings, { keepOutput = false, alsoReady } = {}) {
  const printed = keepOutput ? 'pipe' : 'inherit';
  const child = spawn(process.execPath, [composerEntry], {
    env: { ...process.env, NODE_ENV: 'production', ...settings },
    stdio: ['ignore', printed, printed],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
  const readiness = `http://localhost:${settings.PORT}${healthPaths.ready}`;
  const server = await servingProcess(child, {
    url: readiness,
    alsoReady: alsoReady && (() => alsoReady(/** @type {number} */ (child.pid))),
    timeoutMs: 30_000,
    intervalMs: 100,
    problem: () => `The composer did not become ready at ${readiness}.`,
  });
  return { pid: server.pid, stop: server.stop, output: () => output };
}
