// @ts-check
// The discovery service's API beside the maps (discovery/src/service.mjs), for the CLI: tokens,
// environments' settings, history, old revisions. The service is reached through the map URLs
// `--map` names (`…/environments/<env>/remotes.json`, one per instance): every other address is
// relative to them, so a service behind a path prefix works as one at the root. A request that makes
// something (a token) carries a key of its own, so the same request sent to the next instance
// after one failed is answered with what it made, not made twice (as url-map-store.js does).
import { randomUUID } from 'node:crypto';
import { parseMap } from './map-store.js';
import { refusal, serviceInstances } from './service-instances.js';

/** @typedef {import('./service-instances.js').Answer} Answer */
/** @typedef {{ method?: string, body?: unknown, headers?: Record<string, string> }} CallInit */

const mapPath = /\/environments\/([a-z][a-z0-9-]{0,31})\/remotes\.json$/;

/**
 * The environment a discovery service's map URL names; throws if the URL is not one.
 * @param {string} url
 */
function environmentOf(url) {
  const environment = mapPath.exec(URL.canParse(url) ? new URL(url).pathname : '')?.[1];
  if (!environment)
    throw new Error(`This needs the discovery service: --map <service>/environments/<env>/remotes.json, not ${url}.`);
  return environment;
}

/**
 * The same service's map of another environment.
 * @param {string} url a map URL of the service
 * @param {string} environment
 */
function environmentMap(url, environment) {
  environmentOf(url);
  if (!mapPath.test(`/environments/${environment}/remotes.json`))
    throw new Error(`"${environment}" is not an environment's name.`);
  return new URL(`../${environment}/remotes.json`, url).href;
}

/**
 * @param {readonly string[]} mapUrls an environment's map on each instance of the service
 * @param {{ token?: string }} options
 */
export function discoveryClient(mapUrls, { token }) {
  for (const url of mapUrls) environmentOf(url);
  const instances = serviceInstances(mapUrls);
  /** @type {Record<string, string>} */
  const authorization = token ? { authorization: `Bearer ${token}` } : {};

  /**
   * A request that must succeed; its answer's text.
   * @param {string} target relative to a map URL
   * @param {CallInit} [init]
   */
  async function call(target, { method = 'GET', body, headers: more = {} } = {}) {
    const headers = { accept: 'application/json', ...authorization, ...more };
    const answer = await instances.request(target, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status >= 200 && answer.status < 300) return answer.text;
    const advice = answer.status === 401 ? ' Give a token with --token or SLICE_TOKEN.' : '';
    throw new Error(`${method} ${new URL(target, mapUrls[0]).pathname} answered ${refusal(answer)}.${advice}`);
  }
  const json = async (/** @type {string} */ target, /** @type {CallInit} */ init = {}) =>
    JSON.parse(await call(target, init));
  const inEnvironment = (/** @type {string} */ environment, /** @type {string} */ path) =>
    `../${encodeURIComponent(environment)}${path}`;

  return {
    /** The environment the map URLs name. */
    environment: environmentOf(/** @type {string} */ (mapUrls[0])),
    /** Another environment's map on every instance. */
    mapsOf: (/** @type {string} */ environment) => mapUrls.map((url) => environmentMap(url, environment)),
    /**
     * The revisions that changed a slice, newest first.
     * @param {string} environment @param {string} slice @param {number} limit
     * @returns {Promise<HistoryEntry[]>}
     */
    history: async (environment, slice, limit) =>
      (await json(inEnvironment(environment, `/history?slice=${encodeURIComponent(slice)}&limit=${limit}`))).revisions,
    /** The whole map as of a revision. */
    revision: async (/** @type {string} */ environment, /** @type {number} */ number) =>
      parseMap(await call(inEnvironment(environment, `/revisions/${number}`)), `${environment}'s revision ${number}`),
    /**
     * An environment's settings, none if it does not exist.
     * @param {string} environment
     * @returns {Promise<EnvironmentSettings & { name: string } | undefined>}
     */
    async environmentSettings(environment) {
      const target = inEnvironment(environment, '');
      const answer = await instances.request(target, { headers: { accept: 'application/json', ...authorization } });
      if (answer.status === 404) return undefined;
      if (answer.status !== 200)
        throw new Error(`GET ${new URL(target, mapUrls[0]).pathname} answered ${refusal(answer)}.`);
      return JSON.parse(answer.text);
    },
    /**
     * Creates an environment or changes its settings; what it has now.
     * @param {string} environment
     * @param {EnvironmentSettings} settings
     * @returns {Promise<EnvironmentSettings & { name: string }>}
     */
    saveEnvironment: (environment, settings) => json(inEnvironment(environment, ''), { method: 'PUT', body: settings }),
    /**
     * A new token (shown once).
     * @param {{ team: string, slices: string[], environments: string[], expiresAt?: string }} scope
     * @returns {Promise<{ id: string, token: string, team: string, slices: string[], environments: string[], expiresAt: string }>}
     */
    createToken: (scope) =>
      json('../../tokens', { method: 'POST', body: scope, headers: { 'idempotency-key': randomUUID() } }),
    revokeToken: (/** @type {string} */ id) => json(`../../tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    /** @returns {Promise<{ id: string, team: string, slices: string[], environments: string[], expiresAt: string, revokedAt: string | null }[]>} */
    tokens: async () => (await json('../../tokens')).tokens,
  };
}

/**
 * An environment's settings, the administrator's: each slice's origins (in the order they are
 * tried) and paths, and the environment it is staged in.
 * @typedef {{ sliceOrigins: Record<string, string[]>, slicePaths: Record<string, string[]>, stagedIn: string | null }} EnvironmentSettings
 */

/**
 * One revision in a slice's history, as the service lists it.
 * @typedef {{ revision: number, at: string, team: string, tokenId: string, command: string,
 *   override: string | null, summary: string, fromVersion: string | null, toVersion: string | null,
 *   canaryVersion: string | null, canaryShare: number | null, commit: string | null }} HistoryEntry
 */
