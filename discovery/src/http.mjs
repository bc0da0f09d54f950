// @ts-check
// The HTTP parts every route shares: refusals with their status, plain-text and JSON answers,
// bounded request bodies (@nova/kit/body), the entity tags a conditional header lists, and a
// change's Idempotency-Key.
import { boundedBody } from '@nova/kit/body';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/** A request the service does not take: its status, the reason in words, and headers to add. */
export class Refusal extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {Record<string, string>} [headers]
   */
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/**
 * Throws the refusal if there is a reason for it.
 * @param {number} status
 * @param {string | undefined} reason
 */
export function refuseIf(status, reason) {
  if (reason !== undefined) throw new Refusal(status, reason);
}

/**
 * A plain-text answer (a refusal's reason, or nothing).
 * @param {ServerResponse} response
 * @param {number} status
 * @param {string} text
 * @param {Record<string, string>} [headers]
 */
export function answerText(response, status, text, headers = {}) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(text ? `${text}\n` : '');
}

/**
 * A JSON answer, never kept by a cache.
 * @param {ServerResponse} response
 * @param {number} status
 * @param {unknown} value
 * @param {Record<string, string>} [headers]
 */
export function answerJson(response, status, value, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  response.end(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * The request's body as text, at most `limit` bytes (413 past that: the rest is not read, so the
 * connection is closed after the answer).
 * @param {IncomingMessage} request
 * @param {number} limit
 */
export async function bodyText(request, limit) {
  const body = await boundedBody(request, limit).catch((error) => {
    const { type, status } = /** @type {{ type?: string, status?: number }} */ (error);
    throw new Refusal(status ?? 400, `The body could not be read (${type ?? 'aborted'}).`, { connection: 'close' });
  });
  if (body.over !== undefined)
    throw new Refusal(413, `The body may be at most ${limit} bytes.`, { connection: 'close' });
  return body.text;
}

/**
 * The request's body as JSON (400 if it is not JSON).
 * @param {IncomingMessage} request
 * @param {number} limit
 * @returns {Promise<unknown>}
 */
export async function bodyJson(request, limit) {
  const text = await bodyText(request, limit);
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(400, 'The body is not JSON.');
  }
}

/**
 * The entity tags a conditional header lists (`*` stays `*`).
 * @param {string | undefined} header
 */
export const listedTags = (header) =>
  (header ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * A header's value as one line of plain text, at most `max` characters (what a log or a record may
 * hold of it), or undefined if the request does not send it.
 * @param {IncomingMessage} request
 * @param {string} name
 * @param {number} max
 */
export function headerText(request, name, max) {
  const value = request.headers[name];
  if (typeof value !== 'string') return undefined;
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, max);
}

const keyPattern = /^[\w.:-]{8,128}$/;

/**
 * The request's Idempotency-Key, or null if it sends none (400 if it is not one): a client that
 * sends a change again with the same key, not knowing whether it was made, is answered with what
 * the first one made (`Idempotent-Replayed: true`), and nothing is made twice.
 * @param {IncomingMessage} request
 */
export function idempotencyKey(request) {
  const key = headerText(request, 'idempotency-key', 200);
  if (key !== undefined && !keyPattern.test(key))
    throw new Refusal(400, `An Idempotency-Key is 8 to 128 letters, digits, ".", ":", "_" or "-".`);
  return key ?? null;
}

/** The header that marks an answer given again for a change already made. */
export const replayed = { 'idempotent-replayed': 'true' };
