// @vitest-environment node
import fs, { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyRemoteMap, type RemoteMapJson } from '@nova/contracts/remote-map';
import { addVersion } from './map-changes.js';
import { fileMapStore } from './file-map-store.js';
import { mapStore, serializeMap } from './map-store.js';
import { urlMapStore } from './url-map-store.js';
import { listedVersion } from './test-support.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const temporary = () => {
  const folder = mkdtempSync(join(tmpdir(), 'nova-map-store-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
};
async function serve(handler: RequestListener) {
  const server = createServer(handler);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  cleanups.push(() => new Promise((closed) => server.close(closed)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/remotes.json`;
}

const listing = (number: string) => (map: RemoteMapJson) => addVersion(map, 'legal', listedVersion(number));
const listed = (map: RemoteMapJson) => map.microFrontends.legal?.map((entry) => entry.metadata.version);

/** The environment a map file carries in a root with no environment.json: the slice list's. */
const localEnvironment = {
  slices: {
    marketing: { origins: ['http://localhost:4174'], paths: ['/'] },
    games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
    legal: { origins: ['http://localhost:4176'], paths: ['/terms-and-conditions', '/privacy-policy'] },
    contact: { origins: ['http://localhost:4177'], paths: ['/contact'] },
  },
};

/** A map file in a fresh folder, and a store on it. */
async function open() {
  const file = join(temporary(), 'remotes.json');
  return { store: () => fileMapStore(file), file };
}

describe('the store of a map file', () => {
  it('reads an empty map at no revision before the first write, then the map written and its revision', async () => {
    const { store } = await open();
    const empty = { ...emptyRemoteMap(), environment: localEnvironment };
    expect(await store().read()).toEqual({ map: empty, revision: null });
    const written = await store().update(listing('1.0.0-a'));
    expect(written.previous).toEqual(empty);
    expect(await store().read()).toEqual({ map: written.map, revision: written.revision });
    expect(written.revision).toEqual(expect.any(String));
  });

  it('retries a change when another writer changed the map since it was read, keeping both changes', async () => {
    const { store, file } = await open();
    const seen: (string[] | undefined)[] = [];
    await store().update((map) => {
      seen.push(listed(map));
      // The first time, another team's write lands between this read and this write.
      if (seen.length === 1) writeFileSync(file, serializeMap(listing('2.0.0-b')(map)));
      return listing('1.0.0-a')(map);
    });
    expect(seen).toEqual([undefined, ['2.0.0-b']]);
    expect(listed((await store().read()).map)).toEqual(['2.0.0-b', '1.0.0-a']);
  });

  it('changes nothing when the change returns the same map, and writes nothing when it throws', async () => {
    const { store, file } = await open();
    await store().update(listing('1.0.0-a'));
    const before = readFileSync(file, 'utf8');
    await store().update(listing('1.0.0-a'));
    await expect(
      store().update(() => {
        throw new Error('legal has no version 9.9.9-z');
      }),
    ).rejects.toThrow('legal has no version 9.9.9-z');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('lets many writers at once each add their change, leaving only the map file behind', async () => {
    const { store, file } = await open();
    const numbers = Array.from({ length: 12 }, (_, index) => `1.0.${index}-x`);
    await Promise.all(numbers.map((number) => store().update(listing(number))));
    expect(listed((await store().read()).map)?.sort()).toEqual(numbers.sort());
    expect(readdirSync(join(file, '..'))).toEqual(['remotes.json']);
  });
});

describe("a map file's environment", () => {
  it("is its root's, written into the map on every write and read as the root has it now", async () => {
    const { store, file } = await open();
    await store().update(listing('1.0.0-a'));
    expect(JSON.parse(readFileSync(file, 'utf8')).environment).toEqual(localEnvironment);
    // The administrator gives legal a second origin: the next read has it, the next write writes it.
    const legal = { origins: ['http://localhost:4176', 'http://localhost:4186'], paths: ['/legal/*'] };
    writeFileSync(join(file, '../environment.json'), JSON.stringify({ slices: { legal } }));
    expect((await store().read()).map.environment?.slices.legal).toEqual(legal);
    await store().update(listing('1.0.0-b'));
    expect(JSON.parse(readFileSync(file, 'utf8')).environment.slices.legal).toEqual(legal);
  });

  it('is that of the root it is given, wherever the map file is', async () => {
    const root = temporary();
    writeFileSync(join(root, 'environment.json'), JSON.stringify({ origins: { legal: 'https://legal.cdn.example' } }));
    const file = join(temporary(), 'elsewhere.json');
    await fileMapStore(file, { root }).update(listing('1.0.0-a'));
    expect(JSON.parse(readFileSync(file, 'utf8')).environment.slices.legal.origins).toEqual([
      'https://legal.cdn.example',
    ]);
  });
});

describe('a map file', () => {
  it('keeps the old map, and no temporary file, when a write fails', async () => {
    const folder = temporary();
    const file = join(folder, 'remotes.json');
    await fileMapStore(file).update(listing('1.0.0-a'));
    const before = readFileSync(file, 'utf8');
    vi.spyOn(fs, 'rename').mockImplementation((_from, _to, done) =>
      done(Object.assign(new Error('EIO: disk failed'), { code: 'EIO' })),
    );

    await expect(fileMapStore(file).update(listing('2.0.0-b'))).rejects.toThrow(
      `Could not write ${file} (EIO: disk failed); it still holds the map it had.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(readdirSync(folder)).toEqual(['remotes.json']);
  });

  it('refuses to change a file that is not a remote map', async () => {
    const file = join(temporary(), 'remotes.json');
    writeFileSync(file, '<html>');
    await expect(fileMapStore(file).update(listing('1.0.0-a'))).rejects.toThrow(`${file} is not JSON`);
    expect(readFileSync(file, 'utf8')).toBe('<html>');
  });
});

describe('updating a map', () => {
  it('gives up after a bounded number of conflicts, saying so', async () => {
    const replace = vi.fn(async () => undefined);
    const store = mapStore(
      {
        location: 'https://discovery.example/remotes.json',
        read: async () => ({ map: emptyRemoteMap(), revision: '"1"' }),
        replace,
      },
      { attempts: 3, wait: () => 0 },
    );
    await expect(store.update(listing('1.0.0-a'))).rejects.toThrow(
      'https://discovery.example/remotes.json changed under every one of 3 attempts (others kept writing it); this change was not made. Try again.',
    );
    expect(replace).toHaveBeenCalledTimes(3);
  });

  it('behind a URL, stops with a clear message when the server requires another precondition (428)', async () => {
    const url = await serve((request, response) => {
      if (request.method === 'GET') response.writeHead(200, { etag: '"1"' }).end(JSON.stringify(emptyRemoteMap()));
      else response.writeHead(428).end();
    });
    await expect(urlMapStore([url]).update(listing('1.0.0-a'))).rejects.toThrow(
      `PUT ${url} answered 428: the server requires a precondition and did not take If-Match: "1"; nothing was changed.`,
    );
  });

  it('behind a URL, refuses a map sent without an ETag', async () => {
    const url = await serve((_, response) => response.writeHead(200).end(JSON.stringify(emptyRemoteMap())));
    await expect(urlMapStore([url]).update(listing('1.0.0-a'))).rejects.toThrow(
      `${url} sends no ETag, so its map cannot be changed safely.`,
    );
  });
});

/** A map service on one instance: GET with its ETag, PUT under If-Match; `put` may answer a write its own way. */
async function mapService(put?: (request: IncomingMessage, response: ServerResponse) => boolean) {
  let revision = 1;
  let map = serializeMap(emptyRemoteMap());
  const writes: IncomingMessage['headers'][] = [];
  const url = await serve((request, response) => {
    if (request.method === 'GET') return void response.writeHead(200, { etag: `"${revision}"` }).end(map);
    writes.push(request.headers);
    if (put?.(request, response)) return;
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.headers['if-match'] !== `"${revision}"`) return void response.writeHead(412).end();
      [map, revision] = [body, revision + 1];
      response.writeHead(200, { etag: `"${revision}"` }).end();
    });
  });
  return { url, writes, map: () => JSON.parse(map) as RemoteMapJson };
}

async function closedPort() {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return `http://127.0.0.1:${port}/remotes.json`;
}

describe('a map behind a URL', () => {
  it("sends the team's token, the command, a rule set aside and a key of its own with each write", async () => {
    const service = await mapService();
    const store = urlMapStore([service.url], {
      token: 'nova_t',
      command: 'slice release legal 1',
      override: 'unstaged',
    });
    await store.update(listing('1.0.0-a'));
    expect(service.writes).toEqual([
      expect.objectContaining({
        authorization: 'Bearer nova_t',
        'if-match': '"1"',
        'slice-command': 'slice release legal 1',
        'slice-override': 'unstaged',
        'idempotency-key': expect.stringMatching(/^[\w-]{36}$/),
      }),
    ]);
    expect(listed(service.map())).toEqual(['1.0.0-a']);
  });

  it("writes the map without the environment the service serves it with: that is the administrator's", async () => {
    const service = await mapService();
    const withEnvironment = { ...emptyRemoteMap(), environment: localEnvironment };
    const store = urlMapStore([service.url]);
    await store.update((map) => listing('1.0.0-a')({ ...map, ...withEnvironment }));
    expect(service.map()).toEqual({ ...emptyRemoteMap(), microFrontends: { legal: [listedVersion('1.0.0-a')] } });
  });

  it('reads and writes through the next instance when one is down, or answers 503', async () => {
    const service = await mapService();
    const unavailable = await serve((_, response) => response.writeHead(503).end('The database is unavailable'));
    const store = urlMapStore([await closedPort(), unavailable, service.url], { rounds: 1 });
    await store.update(listing('1.0.0-a'));
    expect(listed(service.map())).toEqual(['1.0.0-a']);
  });

  it('sends a write that an instance dropped midway to the next one with the same key', async () => {
    const service = await mapService();
    const dropped: string[] = [];
    const dying = await serve((request, response) => {
      if (request.method === 'GET')
        return void response.writeHead(200, { etag: '"1"' }).end(serializeMap(emptyRemoteMap()));
      dropped.push(String(request.headers['idempotency-key']));
      request.socket.destroy();
    });
    await urlMapStore([dying, service.url]).update(listing('1.0.0-a'));
    expect(dropped).toHaveLength(1);
    expect(service.writes.map((headers) => headers['idempotency-key'])).toEqual(dropped);
  });

  it('says a write may or may not have been made when no instance answered it', async () => {
    const [one, two] = [await closedPort(), await closedPort()];
    const service = await mapService((request) => {
      request.socket.destroy();
      return true;
    });
    await expect(urlMapStore([service.url, one, two], { rounds: 1 }).update(listing('1.0.0-a'))).rejects.toThrow(
      /^PUT failed on every instance, 1 times: .*ECONNREFUSED.*: the change may or may not have been made \(see slice list\)\.$/,
    );
  });

  it('says what the service refused and why, with what a token would change', async () => {
    const service = await mapService((_, response) => {
      response
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('token t of the legal team may change legal, not games.');
      return true;
    });
    await expect(urlMapStore([service.url]).update(listing('1.0.0-a'))).rejects.toThrow(
      `PUT ${service.url} answered 403 Forbidden (token t of the legal team may change legal, not games.); nothing was changed. Ask for a token that covers it.`,
    );
  });
});
