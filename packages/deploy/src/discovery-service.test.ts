// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyRemoteMap, sliceVersion } from '@nova/contracts/remote-map';
import { discoveryService } from './discovery-service.js';
import { addVersion } from './environment.js';
import { fileMapStore } from './file-map-store.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The service on an ephemeral port, over a map file in a fresh folder. */
async function service({ maxBytes }: { maxBytes?: number } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'nova-discovery-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'remotes.json');
  const server = createServer(discoveryService(file, { maxBytes }));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  cleanups.push(() => new Promise((closed) => server.close(closed)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/remotes.json`;
  const put = (body: string, headers: Record<string, string>) => fetch(url, { method: 'PUT', body, headers });
  return { file, url, put };
}

const map = JSON.stringify(emptyRemoteMap());
const legal = sliceVersion({
  url: 'http://localhost:4176/1.0.0-a/mf-manifest.json',
  version: '1.0.0-a',
  integrity: 'sha256-a',
  released: false,
});

describe('the discovery service', () => {
  it('has no map at first (404); creates it with If-None-Match: * (201) and sends its ETag', async () => {
    const { url, put } = await service();
    expect((await fetch(url)).status).toBe(404);
    const created = await put(map, { 'if-none-match': '*' });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect((await put(map, { 'if-none-match': '*' })).status).toBe(412);
  });

  it('serves the map with a strong ETag (a hash of its bytes) for a second, and 304 to a client that has it', async () => {
    const { url, put, file } = await service();
    const etag = (await put(map, { 'if-none-match': '*' })).headers.get('etag')!;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(emptyRemoteMap());
    expect(
      Object.fromEntries(['etag', 'cache-control', 'content-type'].map((name) => [name, response.headers.get(name)])),
    ).toEqual({
      etag,
      'cache-control': 'max-age=1',
      'content-type': 'application/json',
    });
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect([again.status, again.headers.get('etag'), again.headers.get('cache-control')]).toEqual([
      304,
      etag,
      'max-age=1',
    ]);
    expect((await fetch(url, { headers: { 'if-none-match': '"another"' } })).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(emptyRemoteMap(), null, 2)}\n`);
  });

  it('replaces the map only with If-Match on its current ETag: 428 without one, 412 with an old one', async () => {
    const { url, put } = await service();
    const first = (await put(map, { 'if-none-match': '*' })).headers.get('etag')!;
    const changed = JSON.stringify(addVersion(emptyRemoteMap(), 'legal', legal));
    expect((await put(changed, {})).status).toBe(428);

    const replaced = await put(changed, { 'if-match': first });
    expect(replaced.status).toBe(200);
    const second = replaced.headers.get('etag');
    expect(second).not.toBe(first);
    expect((await fetch(url)).headers.get('etag')).toBe(second);

    const stale = await put(map, { 'if-match': first });
    expect([stale.status, stale.headers.get('etag')]).toEqual([412, second]);
    expect((await (await fetch(url)).json()).microFrontends.legal).toHaveLength(1);
  });

  it("never loses the CLI's file writes: a PUT based on the map before one gets 412", async () => {
    const { put, file } = await service();
    const etag = (await put(map, { 'if-none-match': '*' })).headers.get('etag')!;
    await fileMapStore(file).update((current) => addVersion(current, 'legal', legal));
    expect((await put(map, { 'if-match': etag })).status).toBe(412);
    expect(JSON.parse(readFileSync(file, 'utf8')).microFrontends.legal).toHaveLength(1);
  });

  it('refuses a body over the size limit (413), whether it says its length or not', async () => {
    const { put, url } = await service({ maxBytes: 100 });
    const big = JSON.stringify({ ...emptyRemoteMap(), padding: 'x'.repeat(200) });
    expect((await put(big, { 'if-none-match': '*' })).status).toBe(413);
    const streamed = await fetch(url, {
      method: 'PUT',
      headers: { 'if-none-match': '*' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await fetch(url)).status).toBe(404);
  });

  it('refuses a body that is not a JSON object with a microFrontends object (400)', async () => {
    const { put, url } = await service();
    for (const body of ['not json', '[]', '{"schema":"x"}', '{"microFrontends":[]}']) {
      const response = await put(body, { 'if-none-match': '*' });
      expect(response.status, body).toBe(400);
    }
    expect((await fetch(url)).status).toBe(404);
  });

  it('answers other methods with 405 and what it allows', async () => {
    const { url } = await service();
    for (const method of ['POST', 'DELETE', 'PATCH']) {
      const response = await fetch(url, { method });
      expect([response.status, response.headers.get('allow')], method).toEqual([405, 'GET, HEAD, PUT']);
    }
  });
});
