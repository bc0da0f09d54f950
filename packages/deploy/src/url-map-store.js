// @ts-check
// A remote map behind an http(s) URL, such as an environment of the discovery service (on one or
// several instances): read with GET (the ETag is the revision), replaced with a conditional PUT
// (`If-Match` on that ETag, or `If-None-Match: *` to create the first map) that carries the team's
// token, the command that makes the change, and a key of its own: when an instance fails midway,
// the same PUT goes to the next one, which answers a change already made instead of making it
// again. 412 means another writer got there first. The map read carries the environment (the
// service adds it); the map written does not: the environment is the administrator's.
import { randomUUID } from 'node:crypto';
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import { mapStore, parseMap, serializeMap } from './map-store.js';
import { refusal, serviceInstances } from './service-instances.js';

/** @typedef {import('./map-store.js').MapStore} MapStore */

/**
 * What a write tells the service besides the map.
 * @typedef {object} WriteContext
 * @property {string} [token] the bearer token (`--token` or SLICE_TOKEN)
 * @property {string} [command] the command that makes the change, for the history (`slice release legal 1.0.1-b`)
 * @property {string} [override] the rule the administrator sets aside for it (`unstaged`)
 */

/**
 * Advice after a refusal that a token would change.
 * @param {number} status
 */
const tokenAdvice = (status) =>
  status === 401
    ? ' Give a token with --token or SLICE_TOKEN.'
    : status === 403
      ? ' Ask for a token that covers it.'
      : '';

/**
 * @param {readonly string[]} urls the map's URL on each instance of the service
 * @param {WriteContext & { timeoutMs?: number, rounds?: number }} [options] timeoutMs: how long one request may go without an answer
 * @returns {MapStore}
 */
export function urlMapStore(urls, { token, command, override, timeoutMs, rounds } = {}) {
  const instances = serviceInstances(urls, { timeoutMs, rounds });
  const location = urls.join(' | ');
  /** @type {Record<string, string>} */
  const authorization = token ? { authorization: `Bearer ${token}` } : {};

  return mapStore({
    location,
    async read() {
      // no-cache: a cache in between must ask the server, or every retry would read the same old map.
      const response = await instances.request('', {
        headers: { accept: 'application/json', 'cache-control': 'no-cache' },
      });
      if (response.status === 404) return { map: emptyRemoteMap(), revision: null };
      if (response.status !== 200) throw new Error(`GET ${location} answered ${refusal(response)}.`);
      if (!response.etag) throw new Error(`${location} sends no ETag, so its map cannot be changed safely.`);
      return { map: parseMap(response.text, location), revision: response.etag };
    },
    async replace(revision, map) {
      /** @type {Record<string, string>} */
      const headers = {
        'content-type': 'application/json',
        ...authorization,
        ...(revision === null ? { 'if-none-match': '*' } : { 'if-match': revision }),
        // One key per write: the same write, sent again to another instance, is answered once made.
        'idempotency-key': randomUUID(),
        ...(command ? { 'slice-command': command } : {}),
        ...(override ? { 'slice-override': override } : {}),
      };
      // The environment is the administrator's (`slice environment`): the service refuses a map that carries it.
      const { environment: _administrators, ...sent } = map;
      let response;
      try {
        response = await instances.request('', { method: 'PUT', headers, body: serializeMap(sent) });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${reason}: the change may or may not have been made (see slice list).`);
      }
      if (response.status === 412) return undefined;
      if (response.status === 428) {
        const sent = revision === null ? 'If-None-Match: *' : `If-Match: ${revision}`;
        throw new Error(
          `PUT ${location} answered 428: the server requires a precondition and did not take ${sent}; nothing was changed.`,
        );
      }
      if (response.status < 200 || response.status > 299) {
        throw new Error(
          `PUT ${location} answered ${refusal(response)}; nothing was changed.${tokenAdvice(response.status)}`,
        );
      }
      const written = response.etag;
      if (!written)
        throw new Error(`PUT ${location} answered with no ETag: the map was written, its revision is unknown.`);
      return written;
    },
  });
}
