// @ts-check
// The composer's settings, from the environment, checked in one place.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { checkedKey } from '@nova/signing/signing';
import proxyAddr from 'proxy-addr';
import { sliceNames } from '@nova/contracts/slices';
import { overrideSettingNames, overrideSettings } from './override-settings.mjs';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('./remote-map-view.mjs').SliceOrigins} SliceOrigins */

/**
 * @typedef {object} ServerConfig
 * @property {number} port
 * @property {string | undefined} host where to listen (all interfaces when unset)
 * @property {string} remoteMap the remote map: a file path, or the http(s) URL of a discovery service
 * @property {SliceOrigins} sliceOrigins which origins serve which slice (the CSP allows them all;
 *   a map entry of a slice anywhere but on its own origins is refused)
 * @property {string} gameProvider the game provider's origin (the only frame the pages may load)
 * @property {string} shellBuild the shell's build folder
 * @property {number} workers processes serving requests (one per core by default)
 * @property {number} fragmentTimeoutMs the most a fragment lookup may add to a page
 * @property {number} pageCacheBytes the memory composed pages may take, per process
 * @property {number} bucketChoiceSeconds how long an edge that gives buckets keeps the answer that a
 *   page depends on the bucket
 * @property {string | undefined} signingKey the environment's key (field-signal tokens, preview
 *   links); unset: main.mjs makes a random one for this instance
 * @property {string[]} trustedProxies the proxies whose X-Forwarded-For names the client
 * @property {number} metricsPort where /metrics is served, apart from the pages
 * @property {string} metricsHost
 * @property {import('./override-settings.mjs').OverrideSettings} overrides whether a browser may see a
 *   slice from a team's dev server (`slice dev`), and which dev servers
 */

/** The settings it reads, with what each means; docs/serving.md lists the same. */
export const settings = {
  PORT: 'the port to listen on (default 8080)',
  HOST: 'the address to listen on (default: every interface)',
  REMOTE_MAP: 'the remote map: a file path, or the http(s) URL of a discovery service (required)',
  SLICE_ORIGINS:
    "which origin serves which slice, comma-separated slice=origin pairs, every slice at least once (required): a slice's map entries elsewhere are refused; the pages' CSP allows them all",
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
  ...overrideSettingNames,
};

const origin = (/** @type {string} */ name, /** @type {string} */ value) => {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new Error(`${name}: "${value}" is not an http(s) URL.`);
  return new URL(value).origin;
};

/**
 * SLICE_ORIGINS: `<slice>=<origin>` pairs, comma-separated (`marketing=http://localhost:4174,…`);
 * a slice served from several origins is named once for each. Every slice of the site needs one.
 * @param {string} value
 * @returns {SliceOrigins}
 */
export function parseSliceOrigins(value) {
  const example = 'e.g. legal=https://legal.cdn.example';
  /** @type {Partial<Record<SliceName, string[]>>} */
  const origins = {};
  for (const pair of value.split(',').map((item) => item.trim())) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    if (at < 0) throw new Error(`SLICE_ORIGINS: "${pair}" is not <slice>=<origin> (${example}).`);
    const slice = /** @type {SliceName} */ (pair.slice(0, at).trim());
    if (!sliceNames.includes(slice))
      throw new Error(`SLICE_ORIGINS: "${slice}" is not a slice of this site (${sliceNames.join(', ')}).`);
    (origins[slice] ??= []).push(origin(`SLICE_ORIGINS (${slice})`, pair.slice(at + 1).trim()));
  }
  const missing = sliceNames.filter((slice) => !origins[slice]);
  if (missing.length > 0)
    throw new Error(`SLICE_ORIGINS names no origin for ${missing.join(', ')}: give each slice its own (${example}).`);
  return origins;
}

/**
 * The SLICE_ORIGINS value that says these origins (what the local environment sets).
 * @param {SliceOrigins} sliceOrigins
 */
export const sliceOriginsSetting = (sliceOrigins) =>
  Object.entries(sliceOrigins)
    .flatMap(([slice, origins]) => (origins ?? []).map((origin) => `${slice}=${origin}`))
    .join(',');

const whole = (/** @type {string} */ name, /** @type {string | undefined} */ value, /** @type {number} */ fallback) => {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name}: "${value}" is not a whole number.`);
  return number;
};

/** The proxies TRUSTED_PROXIES names, each checked as proxy-addr reads it. */
const proxies = (/** @type {string | undefined} */ value) => {
  const list = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
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
 * @param {Record<string, string | undefined>} env
 * @returns {ServerConfig}
 */
export function serverConfig(env) {
  const missing = ['REMOTE_MAP', 'SLICE_ORIGINS', 'GAME_PROVIDER'].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(
      `Set ${missing.join(', ')}:\n${missing.map((name) => `  ${name}: ${settings[/** @type {keyof typeof settings} */ (name)]}`).join('\n')}`,
    );
  return {
    port: whole('PORT', env.PORT, 8080),
    host: env.HOST || undefined,
    remoteMap: /** @type {string} */ (env.REMOTE_MAP),
    sliceOrigins: parseSliceOrigins(/** @type {string} */ (env.SLICE_ORIGINS)),
    gameProvider: origin('GAME_PROVIDER', /** @type {string} */ (env.GAME_PROVIDER)),
    shellBuild: env.SHELL_BUILD || join(import.meta.dirname, '../dist'),
    workers: whole('WEB_CONCURRENCY', env.WEB_CONCURRENCY, availableParallelism()) || 1,
    fragmentTimeoutMs: whole('FRAGMENT_TIMEOUT_MS', env.FRAGMENT_TIMEOUT_MS, 400),
    pageCacheBytes: whole('PAGE_CACHE_MB', env.PAGE_CACHE_MB, 64) * 1024 * 1024,
    bucketChoiceSeconds: whole('BUCKET_CHOICE_SECONDS', env.BUCKET_CHOICE_SECONDS, 60) || 1,
    signingKey: env.SIGNING_KEY ? checkedKey(env.SIGNING_KEY) : undefined,
    trustedProxies: proxies(env.TRUSTED_PROXIES),
    metricsPort: whole('METRICS_PORT', env.METRICS_PORT, 9464),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    overrides: overrideSettings(env),
  };
}
