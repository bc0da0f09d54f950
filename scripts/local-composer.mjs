// @ts-check
// The composer in a local environment: its settings (the environment's map, origins and
// signing key), started as production runs it (shell/server/main.mjs, processes of its own), or
// in this process for an environment a test or the benchmark deploys.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { shell } from '../packages/contracts/src/slices.js';
import { remoteMapFile } from '../packages/deploy/src/environment.js';
import { localSigningKey } from '../packages/signing/src/signing-key.js';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import { servingProcess } from '../packages/tooling/src/serving-process.js';
import { composerFromConfig } from '../shell/server/composer-from-config.mjs';
import { serverConfig, sliceOriginsSetting } from '../shell/server/config.mjs';
import { metricsServer } from '../shell/server/metrics.mjs';
import { healthPaths } from '../shell/server/node-server.mjs';
import { gameProviderUrl, localSliceOrigins, shellBuild } from './local-origins.mjs';

const composerEntry = join(repoRoot, shell.folder, 'server/main.mjs');

/** @typedef {import('./local-origins.mjs').Handler} Handler */
/** @typedef {import('../shell/server/remote-map-view.mjs').SliceOrigins} SliceOrigins */

/**
 * The composer in this process, for one environment's remote map (the e2e suite and the
 * benchmark deploy extra shells with it), wired as production wires it (composer-from-config.mjs)
 * but in one process. `npm start` runs shell/server/main.mjs instead.
 * @param {{ remoteMap: string, sliceOrigins: SliceOrigins, root?: string, gameProvider?: string, signingKey?: string, trustedProxies?: string[], overrides?: boolean, bucketChoiceSeconds?: number }} options
 *   remoteMap: the map's file or URL; sliceOrigins: which origins serve which slice in this environment;
 *   signingKey: the environment's (a random one by default: no preview link is valid);
 *   trustedProxies: whose X-Forwarded-For names the client (none by default); overrides: whether
 *   it allows development overrides (`slice dev`) from this machine's dev servers (not by default);
 *   bucketChoiceSeconds: BUCKET_CHOICE_SECONDS (its default unless given)
 * @returns {Promise<Handler & { close: () => void, metrics: import('node:http').Server }>} close: stops
 *   reading the map; metrics: the server of its /metrics, not listening yet (its port is the caller's)
 */
export async function composerInProcess({
  remoteMap,
  sliceOrigins,
  root = shellBuild,
  gameProvider = gameProviderUrl(),
  signingKey,
  trustedProxies = [],
  overrides = false,
  bucketChoiceSeconds,
}) {
  const config = serverConfig({
    REMOTE_MAP: remoteMap,
    SLICE_ORIGINS: sliceOriginsSetting(sliceOrigins),
    GAME_PROVIDER: gameProvider,
    SHELL_BUILD: root,
    SIGNING_KEY: signingKey,
    TRUSTED_PROXIES: trustedProxies.join(','),
    OVERRIDES: overrides ? 'allow' : undefined,
    BUCKET_CHOICE_SECONDS: bucketChoiceSeconds?.toString(),
  });
  // Many environments start and stop in a test run: their maps' revisions would only be noise.
  const { listener, remoteMap: source, metrics } = await composerFromConfig(config, { mapLog: () => undefined });
  return Object.assign(listener, {
    close: source.close,
    metrics: metricsServer({ read: () => metrics.registry.metrics(), log: () => undefined }),
  });
}

/**
 * The composer's settings for a local environment (see shell/server/config.mjs): its
 * signing key is the deployment root's key file (made once), which `slice preview` reads too.
 * @param {{ deployments: string, port: number, metricsPort?: number }} options
 */
export const composerSettings = ({ deployments, port, metricsPort = shell.metricsPort }) => ({
  PORT: String(port),
  HOST: 'localhost',
  METRICS_PORT: String(metricsPort),
  REMOTE_MAP: remoteMapFile(deployments),
  SLICE_ORIGINS: sliceOriginsSetting(localSliceOrigins(deployments)),
  GAME_PROVIDER: gameProviderUrl(),
  SIGNING_KEY: localSigningKey(deployments),
  // A team may see its slice from its dev server here (`slice dev`); production leaves them off.
  OVERRIDES: 'allow',
});

/**
 * Starts the composer (shell/server/main.mjs) as production runs it, in processes of its
 * own; resolves once it is ready.
 * @param {Record<string, string>} settings its environment (composerSettings)
 * @param {{ keepOutput?: boolean }} [options] keepOutput: keep what it prints (`output`) instead of printing it
 * @returns {Promise<{ stop: () => Promise<void>, output: () => string }>}
 */
export async function startComposer(settings, { keepOutput = false } = {}) {
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
    timeoutMs: 30_000,
    intervalMs: 100,
    problem: () => `The composer did not become ready at ${readiness}.`,
  });
  return { stop: server.stop, output: () => output };
}
