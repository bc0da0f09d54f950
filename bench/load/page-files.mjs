// @ts-check
// A composed page's exact bytes, as the composer sends them in each encoding, written as a
// static site: <path>/index.html with its .br and .gz beside it, for nginx to serve as files, and
// each form's headers as the composer sent them (<file>.headers.json), for plain Node to send.
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One response, its body as sent (not decoded).
 * @param {string} url
 * @param {string} encoding Accept-Encoding
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
export function rawGet(url, encoding) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * The page's body in `encoding` once the composer has replaced its quick compression with the best
 * (page-cache.mjs): the same bytes twice in a row, 200 ms apart.
 * @param {string} url
 * @param {string} encoding
 */
async function settledBody(url, encoding) {
  let previous = await rawGet(url, encoding);
  for (let attempt = 0; attempt < 25; attempt += 1) {
    await sleep(200);
    const next = await rawGet(url, encoding);
    if (next.body.equals(previous.body)) return next;
    previous = next;
  }
  throw new Error(`${url} (${encoding}) kept changing.`);
}

/** Headers of a connection, or that Node's HTTP server writes itself. */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * A response's headers as a flat list of names and values, as the composer sends them but for those
 * of the connection.
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
const sentHeaders = (headers) =>
  Object.entries(headers).flatMap(([name, value]) => (perConnection.has(name) ? [] : [name, String(value)]));

/** Headers that belong to one response, one connection or one page, not to every page. */
const perResponse = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'server-timing',
  'x-accel-expires',
  'cache-tag',
  'surrogate-key',
]);

/**
 * Writes each route's page, as `origin` composes it, under `folder`; resolves to the headers the
 * pages share (the security and caching headers a static host would send with them).
 * @param {string} origin
 * @param {string[]} routes
 * @param {string} folder
 * @returns {Promise<Record<string, string>>}
 */
export async function writePageFiles(origin, routes, folder) {
  /** @type {Record<string, string>} */
  let headers = {};
  for (const route of routes) {
    const identity = await rawGet(origin + route, 'identity');
    if (identity.status !== 200) throw new Error(`${origin}${route} answered ${identity.status}.`);
    const dir = join(folder, route);
    mkdirSync(dir, { recursive: true });
    /** @type {[string, Awaited<ReturnType<typeof rawGet>>][]} */
    const forms = [
      ['index.html', identity],
      ['index.html.br', await settledBody(origin + route, 'br')],
      ['index.html.gz', await settledBody(origin + route, 'gzip')],
    ];
    for (const [file, sent] of forms) {
      writeFileSync(join(dir, file), sent.body);
      writeFileSync(join(dir, `${file}.headers.json`), JSON.stringify(sentHeaders(sent.headers)));
    }
    headers = Object.fromEntries(
      Object.entries(identity.headers)
        .filter(([name]) => !perResponse.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
  }
  return headers;
}
