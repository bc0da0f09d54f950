// @ts-check
// The composer built from a configuration (config.mjs), wired once for every environment:
// production (main.mjs), the local environment and the e2e suite's extra shells
// (scripts/serve.mjs), `pnpm dev` (scripts/dev.mjs) and the load benchmark. What an environment
// has in place of production's part (dev's shell and fragments from source, a worker's ledger in
// the primary, a benchmark's clock) is handed in; everything else comes from the configuration.
import { signer as signerOf } from '@nova/signing/signing';
import { createComposer, loadShell } from './composer.mjs';
import { createFieldSignalsEndpoint } from './field-signals-endpoint.mjs';
import { createFragmentSource } from './fragment-source.mjs';
import { fieldMetrics } from './metrics.mjs';
import { composerListener } from './node-adapter.mjs';
import { remoteMapAt } from './remote-map-source.mjs';

/**
 * What an environment puts in place of production's parts; each is optional.
 * @typedef {object} ComposerParts
 * @property {(line: string) => void} [log]
 * @property {(line: string) => void} [mapLog] where the map's revisions and refusals are told (else `log`)
 * @property {import('./remote-map-source.mjs').RemoteMapSource} [remoteMap] else read from `config.remoteMap`
 *   (which then names one)
 * @property {Awaited<ReturnType<typeof loadShell>>} [shell] else loaded from `config.shellBuild`
 * @property {import('./fragment-source.mjs').FragmentSource} [fragments] else fetched from the slices' origins
 * @property {readonly string[]} [sockets] WebSocket origins pages may connect to (`pnpm dev`'s HMR)
 * @property {import('./client-ledger.mjs').ClientLedger} [ledger] else one of this process's own
 * @property {ReturnType<typeof fieldMetrics>} [metrics] else a registry of its own
 * @property {() => number} [now]
 */

/** Where the configuration says the remote map is; it must say, when the map is not handed in. */
function mapLocation(/** @type {import('./config.mjs').ServerConfig} */ config) {
  if (!config.remoteMap)
    throw new Error('The composer has no remote map: the configuration names none, and none is handed in.');
  return config.remoteMap;
}

/**
 * The composer, its Node listener and what it holds, ready for its first request: its map read,
 * its released versions' fragments fetched ahead.
 * @param {import('./config.mjs').ServerConfig} config
 * @param {ComposerParts} [parts]
 */
export async function composerFromConfig(config, parts = {}) {
  const log = parts.log ?? console.error;
  const remoteMap = parts.remoteMap ?? remoteMapAt(mapLocation(config), { log: parts.mapLog ?? log });
  const metrics = parts.metrics ?? fieldMetrics();
  const signer = signerOf(config.signingKey);
  // The override code loads only where the environment allows overrides.
  const overrides = config.overrides.allowed
    ? (await import('./overrides.mjs')).createOverrides({
        signer,
        origins: config.overrides.origins,
        now: parts.now ?? Date.now,
      })
    : undefined;
  const composer = createComposer({
    ...(parts.shell ?? (await loadShell(config.shellBuild))),
    remoteMap,
    fragments:
      parts.fragments ??
      createFragmentSource({ timeoutMs: config.fragmentTimeoutMs, log, failedOver: metrics.failover }),
    sockets: parts.sockets,
    gameProvider: config.gameProvider,
    pageCacheBytes: config.pageCacheBytes,
    bucketChoiceSeconds: config.bucketChoiceSeconds,
    now: parts.now,
    log,
    signer,
    overrides,
    fieldSignals: createFieldSignalsEndpoint({
      remoteMap,
      signer,
      ledger: parts.ledger,
      trustedProxies: config.trustedProxies,
      metrics,
      now: parts.now,
    }),
  });
  // A map behind a URL is read once before the first request, so no instance starts without it,
  // and its released versions' fragments are at hand for the first pages.
  await remoteMap.ready;
  await composer.prefetchFragments();
  const listener = composerListener({ composer, shellBuild: config.shellBuild, log });
  return { composer, listener, remoteMap, metrics };
}
