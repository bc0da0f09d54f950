// @ts-check
// A stand-in for a frontend-discovery service: one environment's remote map over HTTP, at any
// path. GET/HEAD send it with a strong ETag (a hash of its bytes); PUT replaces it only under a
// precondition (`If-Match: <etag>`, or `If-None-Match: *` to create it), through the same file
// store and lock as the CLI, so the CLI's writes and the service's never lose each other's.
// Used by the tests and the local environment as "a map behind a URL"; it starts no server.
import { readMapFile, fileMapStore } from './file-map-store.js';
import { parseMap } from './map-store.js';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

const allowed = 'GET, HEAD, PUT';
const etagOf = (/** @type {string} */ revision) => `"${revision}"`;

/** The entity tags a conditional header lists (`*` stays `*`). */
const listedTags = (/** @type {string | undefined} */ header) =>
  (header ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The request's body as text, or undefined as soon as it grows past `maxBytes` (the rest is not
 * read: answer, and close the connection).
 * @param {IncomingMessage} request
 * @param {number} maxBytes
 * @returns {Promise<string | undefined>}
 */
function bodyWithin(request, maxBytes) {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else resolve(undefined);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * The request handler serving the remote map in `mapFile`.
 * @param {string} mapFile
 * @param {{ maxBytes?: number }} [options] the largest map a PUT may send (default 1 MiB)
 * @returns {(request: IncomingMessage, response: ServerResponse) => Promise<void>}
 */
export function discoveryService(mapFile, { maxBytes = 1024 * 1024 } = {}) {
  const store = fileMapStore(mapFile);

  /**
   * @param {ServerResponse} response
   * @param {number} status
   * @param {string} text
   * @param {Record<string, string>} [headers]
   */
  const answer = (response, status, text, headers = {}) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    response.end(text ? `${text}\n` : '');
  };

  /** @param {IncomingMessage} request @param {ServerResponse} response */
  async function get(request, response) {
    const { bytes, revision } = await readMapFile(mapFile);
    if (!bytes || !revision) return answer(response, 404, 'No remote map yet.', { 'cache-control': 'no-store' });
    const headers = { etag: etagOf(revision), 'cache-control': 'max-age=1' };
    const known = listedTags(request.headers['if-none-match']).map((tag) => tag.replace(/^W\//, ''));
    if (known.includes('*') || known.includes(headers.etag)) {
      response.writeHead(304, headers);
      return void response.end();
    }
    response.writeHead(200, { ...headers, 'content-type': 'application/json', 'content-length': bytes.length });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  }

  /** @param {IncomingMessage} request @param {ServerResponse} response */
  async function put(request, response) {
    const ifMatch = listedTags(request.headers['if-match']);
    const createOnly = listedTags(request.headers['if-none-match']).includes('*');
    if (ifMatch.length === 0 && !createOnly) {
      return answer(
        response,
        428,
        'A PUT needs If-Match with the ETag it read (or If-None-Match: * to create the map).',
      );
    }
    const text = await bodyWithin(request, maxBytes);
    if (text === undefined) {
      return answer(response, 413, `A remote map may be at most ${maxBytes} bytes.`, { connection: 'close' });
    }
    let map;
    try {
      map = parseMap(text, 'The body');
    } catch (error) {
      return answer(response, 400, error instanceof Error ? error.message : String(error));
    }
    // The revision the client expects to replace; the store checks it again under its lock.
    const { revision: current } = await readMapFile(mapFile);
    const matches = current !== null && (ifMatch.includes('*') || ifMatch.includes(etagOf(current)));
    const expected = createOnly ? null : matches ? current : undefined;
    const written = expected === undefined ? undefined : await store.replace(expected, map);
    if (written === undefined) {
      return answer(response, 412, 'The remote map has changed since it was read: read it again.', {
        ...(current ? { etag: etagOf(current) } : {}),
      });
    }
    answer(response, expected === null ? 201 : 200, '', { etag: etagOf(written) });
  }

  return async (request, response) => {
    try {
      if (request.method === 'GET' || request.method === 'HEAD') return await get(request, response);
      if (request.method === 'PUT') return await put(request, response);
      answer(response, 405, `Use ${allowed}.`, { allow: allowed });
    } catch (error) {
      if (!response.headersSent) answer(response, 500, error instanceof Error ? error.message : String(error));
      else response.destroy();
    }
  };
}
