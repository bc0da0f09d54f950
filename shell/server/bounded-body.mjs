// @ts-check

/**
 * The body of a response as text (and the bytes it was read from), refused once it grows over
 * `maxBytes` (the rest is not read).
 * @param {Response} response
 * @param {number} maxBytes
 * @returns {Promise<{ text: string, bytes: Buffer, over?: undefined } | { over: number }>}
 */
export async function boundedText(response, maxBytes) {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    return { over: declared };
  }
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (response.body ?? []))) {
    size += chunk.byteLength;
    if (size > maxBytes) return { over: size };
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  return { text: bytes.toString('utf8'), bytes };
}
