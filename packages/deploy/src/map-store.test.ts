// @vitest-environment node
import fs, { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyRemoteMap, type RemoteMapJson } from '@nova/contracts/remote-map';
import { discoveryService } from './discovery-service.js';
import { addVersion } from './environment.js';
import { fileMapStore } from './file-map-store.js';
import { mapStore, serializeMap, type MapStore } from './map-store.js';
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

/** The map behind each kind of store, in a fresh folder. */
const stores: [string, () => Promise<{ store: () => MapStore; file: string }>][] = [
  [
    'a map file',
    async () => {
      const file = join(temporary(), 'remotes.json');
      return { store: () => fileMapStore(file), file };
    },
  ],
  [
    'a map behind a URL',
    async () => {
      const file = join(temporary(), 'remotes.json');
      const url = await serve(discoveryService(file));
      return { store: () => urlMapStore(url), file };
    },
  ],
];

describe.each(stores)('the store of %s', (_, open) => {
  it('reads an empty map at no revision before the first write, then the map written and its revision', async () => {
    const { store } = await open();
    expect(await store().read()).toEqual({ map: emptyRemoteMap(), revision: null });
    const written = await store().update(listing('1.0.0-a'));
    expect(written.previous).toEqual(emptyRemoteMap());
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
    await expect(urlMapStore(url).update(listing('1.0.0-a'))).rejects.toThrow(
      `PUT ${url} answered 428: the server requires a precondition and did not take If-Match: "1"; nothing was changed.`,
    );
  });

  it('behind a URL, refuses a map sent without an ETag', async () => {
    const url = await serve((_, response) => response.writeHead(200).end(JSON.stringify(emptyRemoteMap())));
    await expect(urlMapStore(url).update(listing('1.0.0-a'))).rejects.toThrow(
      `${url} sends no ETag, so its map cannot be changed safely.`,
    );
  });
});
