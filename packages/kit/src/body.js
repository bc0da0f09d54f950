// @ts-check
// One bounded body reader for a request a server takes (Node's IncomingMessage) and a response a
// client fetched (a fetch Response) alike: it stops at the limit, so a sender cannot make this
// process hold more than it allows. A request is read by raw-body, loaded with the first request
// that has a body (a composer starts without it: its start reads responses only); a response by
// its own stream reader, counted chunk by chunk.

/**
 * A body read whole (`text` from its `bytes` as UTF-8, a byte order mark dropped), or `over`: the
 * bytes it declared or had sent when it went over the limit.
 * @typedef {{ text: string, bytes: Buffer, over?: undefined } | { over: number, text?: undefined, bytes?: undefined }} BoundedBody
 */

const utf8 = new TextDecoder();

/**
 * A Content-Length's number, or undefined if there is none (or it is not one).
 * @param {string | null | undefined} header
 */
const declaredLength = (header) => (header && /^\d+$/.test(header) ? Number(header) : undefined);

/**
 * A body of at most `maxBytes`. One that declares more (Content-Length) is not read at all; one
 * that sends more is read no further than the chunk that went over. Either way it resolves with
 * `{ over }`: a request's connection is the caller's to close, a response's body is cancelled.
 * Rejects if the stream fails (raw-body's errors say how, with a `type` and a `status`: an
 * aborted request, a body shorter or longer than it declared).
 * @param {import('node:http').IncomingMessage | Response} source
 * @param {number} maxBytes
 * @returns {Promise<BoundedBody>}
 */
export async function boundedBody(source, maxBytes) {
  // A request's headers are a plain object (where a header named `get` is a string), a response's a Headers.
  if (typeof (/** @type {{ get?: unknown }} */ (source.headers).get) === 'function')
    return responseBody(/** @type {Response} */ (source), maxBytes);
  const request = /** @type {import('node:http').IncomingMessage} */ (source);
  const declared = declaredLength(request.headers['content-length']);
  if (declared !== undefined && declared > maxBytes) return { over: declared };
  return read(request, maxBytes, declared);
}

/**
 * A fetched response's body: its Content-Length is only a first check, since a compressed
 * response declares the compressed bytes and is read decompressed.
 * @param {Response} response
 * @param {number} maxBytes
 * @returns {Promise<BoundedBody>}
 */
async function responseBody(response, maxBytes) {
  const declared = declaredLength(response.headers.get('content-length'));
  if (declared !== undefined && declared > maxBytes) {
    await response.body?.cancel();
    return { over: declared };
  }
  if (!response.body) return { text: '', bytes: Buffer.alloc(0) };
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      return { over: received };
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  return { text: utf8.decode(bytes), bytes };
}

/**
 * @param {import('node:http').IncomingMessage} stream
 * @param {number} maxBytes
 * @param {number | undefined} length what the stream must hold, if it says
 * @returns {Promise<BoundedBody>}
 */
async function read(stream, maxBytes, length) {
  const { default: getRawBody } = await import('raw-body');
  try {
    const bytes = await getRawBody(stream, { limit: maxBytes, length });
    return { text: utf8.decode(bytes), bytes };
  } catch (error) {
    const { type, received } = /** @type {{ type?: string, received?: number }} */ (error);
    if (type === 'entity.too.large' && received !== undefined) return { over: received };
    throw error;
  }
}
