// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { boundedBody, type BoundedBody } from './body.js';

let server: Server | undefined;
afterEach(() => new Promise((closed) => (server ? server.close(closed) : closed(undefined))));

/**
 * A server that reads each request's body with boundedBody (`maxBytes`), and a way to send it raw
 * bytes: resolves with what boundedBody made of the request (or how it failed).
 */
async function bodyServer(maxBytes: number) {
  const read: { request: IncomingMessage; body: Promise<BoundedBody> }[] = [];
  let arrived: () => void = () => undefined;
  server = createServer((request, response) => {
    const body = boundedBody(request, maxBytes);
    read.push({ request, body });
    arrived();
    body.then(
      () => response.end(),
      () => response.destroy(),
    );
  });
  await new Promise((listening) => server!.listen(0, '127.0.0.1', () => listening(undefined)));
  const { port } = server.address() as AddressInfo;
  /** Sends `head` and then `chunks`; resolves with the request and its body's reading once the server reads it. */
  const send = async (head: string, chunks: string[] = [], { abort = false } = {}) => {
    const socket = connect(port, '127.0.0.1');
    const taken = new Promise<void>((resolve) => (arrived = resolve));
    socket.write(`${head}\r\n\r\n`);
    await taken;
    for (const chunk of chunks) socket.write(chunk);
    if (abort) socket.destroy();
    const { request, body } = read.at(-1)!;
    return { request, body: await body.finally(() => socket.destroy()) };
  };
  return { send };
}

describe('boundedBody of a request', () => {
  it('is its text and bytes, up to the limit', async () => {
    const { send } = await bodyServer(10);
    const { body } = await send('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10', ['héllo', ' wor']);
    expect(body).toEqual({ text: 'héllo wor', bytes: Buffer.from('héllo wor') });
  });

  it('is over, unread, when its Content-Length declares more than the limit', async () => {
    const { send } = await bodyServer(10);
    // Not a byte of the body is sent: the answer comes all the same.
    const { body } = await send('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000');
    expect(body).toEqual({ over: 1000 });
  });

  it('is over once the bytes sent go past the limit, and reads no further', async () => {
    const { send } = await bodyServer(10);
    const { request, body } = await send('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked', [
      '6\r\nabcdef\r\n',
      '6\r\nghijkl\r\n',
    ]);
    expect(body).toEqual({ over: 12 });
    expect(request.isPaused()).toBe(true);
  });

  it('fails when the client goes away before the body is whole', async () => {
    const { send } = await bodyServer(100);
    await expect(
      send('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 50', ['only part'], { abort: true }),
    ).rejects.toThrow();
  });
});

/** A response whose body is `chunks`, one per read, which says whether it was cancelled and how many were read. */
function streamed(chunks: string[], headers: Record<string, string> = {}) {
  const state = { cancelled: false, pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[state.pulled];
      state.pulled += 1;
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body, { headers }), state };
}

describe('boundedBody of a fetched response', () => {
  it('is its text and bytes, a byte order mark aside in the text', async () => {
    expect(await boundedBody(new Response('héllo'), 10)).toEqual({ text: 'héllo', bytes: Buffer.from('héllo') });
    const marked = Buffer.from('\uFEFF{}');
    expect(await boundedBody(new Response(marked), 10)).toEqual({ text: '{}', bytes: marked });
    expect(await boundedBody(new Response(null), 10)).toEqual({ text: '', bytes: Buffer.alloc(0) });
  });

  it('is over, its body cancelled unread, when its Content-Length declares more than the limit', async () => {
    const { response, state } = streamed(['abc'], { 'content-length': '1000' });
    expect(await boundedBody(response, 10)).toEqual({ over: 1000 });
    expect(state).toEqual({ cancelled: true, pulled: 0 });
  });

  it('is over once it sends more than the limit, its body cancelled there', async () => {
    const { response, state } = streamed(['abcdef', 'ghijkl', 'mnopqr', 'stuvwx']);
    expect(await boundedBody(response, 10)).toEqual({ over: 12 });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(4);
  });

  it('fails when its body fails', async () => {
    const body = new ReadableStream({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    await expect(boundedBody(new Response(body), 10)).rejects.toThrow('connection reset');
  });
});
