// @ts-check
// A remote map behind an http(s) URL, such as a frontend-discovery service: read with GET (the
// ETag is the revision), replaced with a conditional PUT (`If-Match` on that ETag, or
// `If-None-Match: *` to create the first map). 412 means another writer got there first.
import http from 'node:http';
import https from 'node:https';
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import { mapStore, parseMap, serializeMap } from './map-store.js';

/** @typedef {import('./map-store.js').MapStore} MapStore */
/** @typedef {{ status: number, statusText: string, etag: string | undefined, text: string }} Answer */

/**
 * One HTTP exchange. (`node:http` rather than `fetch`, which loads undici on first use: about
 * 0.1 s more for every CLI run, measured.)
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} init
 * @param {number} timeoutMs
 * @returns {Promise<Answer>}
 */
function exchange(url, { method = 'GET', headers = {}, body }, timeoutMs) {
  return new Promise((resolve, reject) => {
    const client = new URL(url).protocol === 'https:' ? https : http;
    const request = client.request(url, { method, headers, timeout: timeoutMs }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          etag: response.headers.etag,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * @param {string} url
 * @param {{ timeoutMs?: number }} [options] how long one request may go without an answer
 * @returns {MapStore}
 */
export function urlMapStore(url, { timeoutMs = 10_000 } = {}) {
  /** @param {{ method?: string, headers?: Record<string, string>, body?: string }} init */
  async function request(init) {
    const method = init.method ?? 'GET';
    try {
      return await exchange(url, init, timeoutMs);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const outcome = method === 'PUT' ? ': the change may or may not have been made (see slice list)' : '';
      throw new Error(`${method} ${url} failed (${reason})${outcome}.`);
    }
  }
  /** A refusal's status and the start of its text, for messages. */
  const refusal = (/** @type {Answer} */ answer) => {
    const text = answer.text.trim().slice(0, 200);
    return `${answer.status} ${answer.statusText}${text ? ` (${text})` : ''}`;
  };

  return mapStore({
    location: url,
    async read() {
      // no-cache: a cache in between must ask the server, or every retry would read the same old map.
      const response = await request({ headers: { accept: 'application/json', 'cache-control': 'no-cache' } });
      if (response.status === 404) return { map: emptyRemoteMap(), revision: null };
      if (response.status !== 200) throw new Error(`GET ${url} answered ${refusal(response)}.`);
      if (!response.etag) throw new Error(`${url} sends no ETag, so its map cannot be changed safely.`);
      return { map: parseMap(response.text, url), revision: response.etag };
    },
    async replace(revision, map) {
      const response = await request({
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          ...(revision === null ? { 'if-none-match': '*' } : { 'if-match': revision }),
        },
        body: serializeMap(map),
      });
      if (response.status === 412) return undefined;
      if (response.status === 428) {
        const sent = revision === null ? 'If-None-Match: *' : `If-Match: ${revision}`;
        throw new Error(
          `PUT ${url} answered 428: the server requires a precondition and did not take ${sent}; nothing was changed.`,
        );
      }
      if (response.status < 200 || response.status > 299) {
        throw new Error(`PUT ${url} answered ${refusal(response)}; nothing was changed.`);
      }
      const written = response.etag;
      if (!written) throw new Error(`PUT ${url} answered with no ETag: the map was written, its revision is unknown.`);
      return written;
    },
  });
}
