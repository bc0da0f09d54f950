// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SignalRequest } from './field-signals-endpoint.mjs';
import type { Answer } from './answers.mjs';
import { boundedHttpServer } from '@nova/kit/http-server';
import { composerListener, stopGracefully } from './node-adapter.mjs';

let build: string;
let server: ReturnType<typeof boundedHttpServer>;
let ready = true;
/** A page the test lets finish when it wants. */
let finishSlowPage: (() => void) | undefined;

/** A composer that answers by the path. */
const composer = {
  ready: () => ready,
  respond: ({ url }: { url: string }): Answer | Promise<Answer> => {
    if (url === '/broken') throw new Error('a bug');
    if (url === '/slow')
      return new Promise((resolve) => {
        finishSlowPage = () => resolve({ status: 200, headers: ['Content-Type', 'text/plain'], body: 'slow page' });
      });
    if (url.includes('.')) return { file: url, headers: ['Cache-Control', 'no-cache'] };
    return { status: 200, headers: ['Content-Type', 'text/plain', 'X-Page', url], body: 'page' };
  },
};

const origin = () => `http://localhost:${(server.address() as AddressInfo).port}`;
const listen = async (listener: ReturnType<typeof composerListener>) => {
  server = boundedHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return listener;
};

beforeEach(() => {
  build = mkdtempSync(join(tmpdir(), 'nova-node-'));
  mkdirSync(join(build, 'assets'));
  writeFileSync(join(build, 'assets/app.js'), 'export {};');
  ready = true;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(build, { recursive: true, force: true });
});

it("sends the composer's answers, and the build's files it points to (404 for a missing one)", async () => {
  await listen(composerListener({ composer, shellBuild: build }));
  const page = await fetch(`${origin()}/games`);
  expect(page.headers.get('X-Page')).toBe('/games');
  expect(await page.text()).toBe('page');
  const file = await fetch(`${origin()}/assets/app.js`);
  expect(file.status).toBe(200);
  expect(file.headers.get('Cache-Control')).toBe('no-cache');
  expect((await fetch(`${origin()}/assets/missing.js`)).status).toBe(404);
});

it("sends a build's file in the form the Accept-Encoding allows, q-values read: no brotli to br;q=0", async () => {
  writeFileSync(join(build, 'assets/app.js.br'), 'brotli');
  writeFileSync(join(build, 'assets/app.js.gz'), 'gzip');
  await listen(composerListener({ composer, shellBuild: build }));
  const encodingFor = async (accepted: string) => {
    const file = await fetch(`${origin()}/assets/app.js`, { headers: { 'Accept-Encoding': accepted } });
    await file.body?.cancel();
    return file.headers.get('Content-Encoding');
  };
  expect(await encodingFor('gzip, deflate, br')).toBe('br');
  expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
  expect(await encodingFor('gzip;q=0, br;q=0')).toBeNull();
  expect(await encodingFor('br;q=0, *')).toBe('gzip');
});

it('answers 500, logged, when the composer fails, and keeps serving', async () => {
  const logged: string[] = [];
  await listen(composerListener({ composer, shellBuild: build, log: (line) => logged.push(line) }));
  expect((await fetch(`${origin()}/broken`)).status).toBe(500);
  expect(logged.join('\n')).toContain('a bug');
  expect((await fetch(`${origin()}/games`)).status).toBe(200);
});

it('tells liveness and readiness apart', async () => {
  await listen(composerListener({ composer, shellBuild: build }));
  expect((await fetch(`${origin()}/livez`)).status).toBe(200);
  expect((await fetch(`${origin()}/readyz`)).status).toBe(200);
  ready = false;
  expect((await fetch(`${origin()}/readyz`)).status).toBe(503);
  expect((await fetch(`${origin()}/livez`)).status).toBe(200);
});

it('on stop: not ready, no new connections, the requests in flight finish', async () => {
  const listener = await listen(composerListener({ composer, shellBuild: build }));
  const address = origin();
  const inFlight = new Promise<{ status?: number; body: string; connection?: string }>((resolve, reject) => {
    request(`${address}/slow`, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body, connection: response.headers.connection }));
    })
      .on('error', reject)
      .end();
  });
  await expect.poll(() => finishSlowPage).toBeDefined();
  let stopped = false;
  const stopping = stopGracefully(server, listener).then(() => (stopped = true));
  await expect(fetch(`${address}/games`)).rejects.toThrow();
  expect(stopped).toBe(false);
  finishSlowPage!();
  expect(await inFlight).toEqual({ status: 200, body: 'slow page', connection: 'close' });
  await stopping;
  expect(stopped).toBe(true);
  server = boundedHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  expect((await fetch(`${origin()}/readyz`)).status).toBe(503);
});

it("reads a request's body up to a bound, and gives the client's address", async () => {
  /** Answers what it read of the body (at most 16 bytes), and from whom. */
  const echo = {
    ready: () => true,
    respond: async (request: SignalRequest): Promise<Answer> => {
      const body = await request.readBody!(16);
      const text = body.over === undefined ? `${body.text} from ${request.client}` : `over: ${body.over}`;
      return { status: body.over === undefined ? 200 : 413, headers: [], body: text };
    },
  };
  await listen(composerListener({ composer: echo, shellBuild: build }));
  const sent = (body: string | ReadableStream) =>
    fetch(`${origin()}/field-signals`, { method: 'POST', body, duplex: 'half' } as RequestInit);
  const small = await sent('{"a":1}');
  expect(await small.text()).toMatch(/^\{"a":1\} from (::ffff:)?127\.0\.0\.1$|^\{"a":1\} from ::1$/);
  const declared = await sent('x'.repeat(17));
  expect([declared.status, await declared.text(), declared.headers.get('connection')]).toEqual([
    413,
    'over: 17',
    'close',
  ]);
  // Sent in chunks without a length: the reading stops at the bound.
  const chunks = ['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(10)].map((chunk) => new TextEncoder().encode(chunk));
  const streamed = await sent(
    new ReadableStream({
      pull: (controller) => {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    }),
  );
  expect(streamed.status).toBe(413);
  expect(await streamed.text()).toMatch(/^over: [23]0$/);
  expect((await fetch(`${origin()}/games`)).status).toBe(200);
});
