// @ts-check
// The composer's configuration, checked in one place (serverConfig): a plain object of values,
// which the callers in this process (scripts/dev.mjs, scripts/local-composer.mjs, the benchmark)
// build directly, and which main.mjs reads from the environment (configFromEnvironment). An unset
// signing key is made here, once: a random key of this instance's own.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { checkedKey, randomKey } from '@nova/signing/signing';
import { commaList, httpOrigin, portNumber, wholeNumber } from '@nova/kit/settings';
import proxyAddr from 'proxy-addr';

/**
 * The composer's settings as values: each is the setting of the same meaning in `settings`
 * (`port` is PORT, `pageCacheMB` PAGE_CACHE_MB, `overrides` OVERRIDES and OVERRIDE_ORIGINS, …);
 * what is left out takes its default.
 * @typedef {object} ComposerSettings
 * @property {number} [port]
 * @property {string} [host]
 * @property {string} [remoteMap] none where the caller hands the composer its map (`pnpm dev`)
 * @property {string} gameProvider
 * @property {string} [shellBuild]
 * @property {number} [workers]
 * @property {number} [fragmentTimeoutMs]
 * @property {number} [pageCacheMB]
 * @property {number} [bucketChoiceSeconds]
 * @property {string} [signingKey]
 * @property {readonly string[]} [trustedProxies]
 * @property {number} [metricsPort]
 * @property {string} [metricsHost]
 * @property {{ allowed: boolean, origins?: readonly string[] }} [overrides]
 */

/**
 * @typedef {object} ServerConfig
 * @property {number} port
 * @property {string | undefined} host where to listen (all interfaces when unset)
 * @property {string | undefined} remoteMap the remote map: a file path, or the http(s) URL of a
 *   discovery service (none where the caller hands the composer its map)
 * @property {string} gameProvider the game provider's origin (the only frame the pages may load)
 * @property {string} shellBuild the shell's build folder
 * @property {number} workers processes serving requests (one per core by default)
 * @property {number} fragmentTimeoutMs the most a fragment lookup may add to a page
 * @property {number} pageCacheBytes the memory composed pages may take, per process
 * @property {number} bucketChoiceSeconds how long an edge that gives buckets keeps the answer that a
 *   page depends on the bucket
 * @property {string} signingKey the key field-signal tokens and preview links are signed with: the
 *   environment's, or (none set) a random one of this instance's own
 * @property {boolean} randomSigningKey whether it is a random one (no preview link is valid for it)
 * @property {readonly string[]} trustedProxies the proxies whose X-Forwarded-For names the client
 * @property {number} metricsPort where /metrics is served, apart from the pages
 * @property {string} metricsHost
 * @property {OverrideSettings} overrides whether a browser may see a
 *   slice from a team's dev server (`slice dev`), and which dev servers
 */

/** The settings it reads, with what each means; docs/serving.md lists the same. */
export const settings = {
  PORT: 'the port to listen on (default 8080)',
  HOST: 'the address to listen on (default: every interface)',
  REMOTE_MAP: 'the remote map: a file path, or the http(s) URL of a discovery service (required)',
  GAME_PROVIDER: "the game provider's demo launcher URL (required): the game frame may load its origin",
  SHELL_BUILD: "the shell's build folder (default: shell/dist beside this server)",
  WEB_CONCURRENCY: 'processes serving requests (default: one per core)',
  FRAGMENT_TIMEOUT_MS: 'the most a slice fragment may take before the page goes without it (default 400)',
  PAGE_CACHE_MB: 'memory for composed pages, per process (default 64)',
  BUCKET_CHOICE_SECONDS:
    'how long an edge that gives canary buckets keeps the answer that a page depends on the bucket (default 60)',
  SIGNING_KEY:
    "the environment's signing key, at least 32 characters, the same for every instance and for `slice preview` " +
    '(default: a random key per start, so no preview link is valid)',
  TRUSTED_PROXIES:
    'the proxies whose X-Forwarded-For names the client: addresses, CIDRs, loopback, linklocal or uniquelocal, ' +
    'comma-separated (default: none)',
  METRICS_PORT: "the port /metrics is served on, for Prometheus; never the pages' port (default 9464)",
  METRICS_HOST: 'the address /metrics is served on (default 127.0.0.1: this machine only)',
  OVERRIDES:
    '`allow`: a browser may see one slice from a dev server (`slice dev`), by a link signed with SIGNING_KEY; ' +
    '`off` (the default): override links and cookies are ignored',
  OVERRIDE_ORIGINS:
    'the dev servers an override may name, comma-separated origins or `loopback` (the default: http on ' +
    'localhost, 127.0.0.1 or [::1], any port)',
};

/**
 * Whether an environment accepts development overrides (`slice dev`, overrides.mjs), and to which
 * dev servers: off unless allowed (production never has them by accident); `loopback` (the
 * default) stands for a dev server on the visitor's own machine, as the composer sees it, any port.
 * @typedef {object} OverrideSettings
 * @property {boolean} allowed whether an override link or cookie is honoured at all
 * @property {readonly string[]} origins the dev servers' origins allowed, `loopback` for any
 *   http origin on a loopback address
 */

/**
 * The override settings, checked (`loopback` unless origins are given).
 * @param {{ allowed: boolean, origins?: readonly string[] }} settings
 * @returns {OverrideSettings}
 */
function checkedOverrides({ allowed, origins = ['loopback'] }) {
  const checked = origins.map((item) => {
    if (item === 'loopback') return item;
    const url = URL.parse(item);
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ''))
      throw new Error(`OVERRIDE_ORIGINS: "${item}" is neither an http(s) origin nor loopback.`);
    return url.origin;
  });
  return { allowed, origins: checked };
}

/**
 * A setting of two words, one for on and one for off (off when unset).
 * @param {string} name
 * @param {string | undefined} value
 * @param {{ on: string, off: string }} words
 */
const onOff = (name, value, { on, off }) => {
  if (!value || value === off) return false;
  if (value === on) return true;
  throw new Error(`${name}: "${value}" is neither ${on} nor ${off}.`);
};

/** The proxies TRUSTED_PROXIES names, each checked as proxy-addr reads it. */
const checkedProxies = (/** @type {readonly string[]} */ list) => {
  for (const item of list) {
    try {
      proxyAddr.compile(item);
    } catch {
      throw new Error(`TRUSTED_PROXIES: "${item}" is not an address, a CIDR, loopback, linklocal or uniquelocal.`);
    }
  }
  return list;
};

/**
 * The composer's configuration from its settings as values, checked: what is wrong throws, named
 * by its setting. No signing key given: a random one, made here.
 * @param {ComposerSettings} settings
 * @returns {ServerConfig}
 */
export function serverConfig(settings) {
  const number = (
    /** @type {string} */ name,
    /** @type {number | undefined} */ value,
    /** @type {number} */ fallback,
  ) => wholeNumber(name, value) ?? fallback;
  return {
    port: portNumber('PORT', settings.port) ?? 8080,
    host: settings.host || undefined,
    remoteMap: settings.remoteMap || undefined,
    gameProvider: httpOrigin('GAME_PROVIDER', settings.gameProvider),
    shellBuild: settings.shellBuild || join(import.meta.dirname, '../dist'),
    workers: number('WEB_CONCURRENCY', settings.workers, availableParallelism()) || 1,
    fragmentTimeoutMs: number('FRAGMENT_TIMEOUT_MS', settings.fragmentTimeoutMs, 400),
    pageCacheBytes: number('PAGE_CACHE_MB', settings.pageCacheMB, 64) * 1024 * 1024,
    bucketChoiceSeconds: number('BUCKET_CHOICE_SECONDS', settings.bucketChoiceSeconds, 60) || 1,
    signingKey: settings.signingKey ? checkedKey(settings.signingKey) : randomKey(),
    randomSigningKey: !settings.signingKey,
    trustedProxies: checkedProxies(settings.trustedProxies ?? []),
    metricsPort: portNumber('METRICS_PORT', settings.metricsPort) ?? 9464,
    metricsHost: settings.metricsHost || '127.0.0.1',
    overrides: checkedOverrides(settings.overrides ?? { allowed: false }),
  };
}

/**
 * The composer's configuration from the environment (main.mjs's): its settings read from their
 * text, then checked as serverConfig checks any.
 * @param {Record<string, string | undefined>} env
 * @returns {ServerConfig}
 */
export function configFromEnvironment(env) {
  const missing = ['REMOTE_MAP', 'GAME_PROVIDER'].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(
      `Set ${missing.join(', ')}:\n${missing.map((name) => `  ${name}: ${settings[/** @type {keyof typeof settings} */ (name)]}`).join('\n')}`,
    );
  return serverConfig({
    port: portNumber('PORT', env.PORT),
    host: env.HOST,
    remoteMap: env.REMOTE_MAP,
    gameProvider: /** @type {string} */ (env.GAME_PROVIDER),
    shellBuild: env.SHELL_BUILD,
    workers: wholeNumber('WEB_CONCURRENCY', env.WEB_CONCURRENCY),
    fragmentTimeoutMs: wholeNumber('FRAGMENT_TIMEOUT_MS', env.FRAGMENT_TIMEOUT_MS),
    pageCacheMB: wholeNumber('PAGE_CACHE_MB', env.PAGE_CACHE_MB),
    bucketChoiceSeconds: wholeNumber('BUCKET_CHOICE_SECONDS', env.BUCKET_CHOICE_SECONDS),
    signingKey: env.SIGNING_KEY,
    trustedProxies: commaList(env.TRUSTED_PROXIES),
    metricsPort: portNumber('METRICS_PORT', env.METRICS_PORT),
    metricsHost: env.METRICS_HOST,
    overrides: {
      allowed: onOff('OVERRIDES', env.OVERRIDES, { on: 'allow', off: 'off' }),
      origins: env.OVERRIDE_ORIGINS ? commaList(env.OVERRIDE_ORIGINS) : undefined,
    },
  });
}

/**
 * The environment that gives main.mjs these settings, for a caller that starts it as a process of
 * its own (what configFromEnvironment reads back).
 * @param {ComposerSettings} settings
 * @returns {Record<string, string>}
 */
export function composerEnvironment(settings) {
  const { overrides } = settings;
  const values = {
    PORT: settings.port,
    HOST: settings.host,
    REMOTE_MAP: settings.remoteMap,
    GAME_PROVIDER: settings.gameProvider,
    SHELL_BUILD: settings.shellBuild,
    WEB_CONCURRENCY: settings.workers,
    FRAGMENT_TIMEOUT_MS: settings.fragmentTimeoutMs,
    PAGE_CACHE_MB: settings.pageCacheMB,
    BUCKET_CHOICE_SECONDS: settings.bucketChoiceSeconds,
    SIGNING_KEY: settings.signingKey,
    TRUSTED_PROXIES: settings.trustedProxies?.join(','),
    METRICS_PORT: settings.metricsPort,
    METRICS_HOST: settings.metricsHost,
    OVERRIDES: overrides && (overrides.allowed ? 'allow' : 'off'),
    OVERRIDE_ORIGINS: overrides?.origins?.join(','),
  };
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
}
