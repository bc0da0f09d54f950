// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { servedFiles } from './static-files.mjs';

let folder: string;
let root: string;
let server: Server | undefined;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'nova-static-'));
  root = join(folder, 'build');
  // A version as published, and what lies beside it.
  mkdirSync(join(root, '1.0.0-aaaa/assets'), { recursive: true });
  writeFileSync(join(root, '1.0.0-aaaa/remoteEntry.js'), 'export {};');
  writeFileSync(join(root, '1.0.0-aaaa/remoteEntry.js.br'), brotliCompressSync('export {};'));
  writeFileSync(join(root, '1.0.0-aaaa/remoteEntry.js.map'), '{"mappings":""}');
  writeFileSync(join(root, '1.0.0-aaaa/deployment.json'), '{"commit":"abc1234"}');
  writeFileSync(join(root, '1.0.0-aaaa/mf-stats.json'), '{}');
  writeFileSync(join(root, '1.0.0-aaaa/mf-manifest.json'), '{}');
  mkdirSync(join(folder, 'outside'));
  writeFileSync(join(folder, 'outside/secret.txt'), 'outside the build');
});
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  rmSync(folder, { recursive: true, force: true });
});

/** Serves `root` as an origin does (404 for what it does not serve); resolves to a fetch of a path there. */
async function origin(options: { single?: boolean; dev?: boolean; extensions?: string[] } = {}, served = root) {
  const files = servedFiles(served, { etag: true, brotli: true, gzip: true, ...options });
  server = createServer((req, res) => files(req, res, () => res.writeHead(404).end('Not found')));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, headers: Record<string, string> = {}) => fetch(`${at}${path}`, { headers });
}

describe.each([{ dev: true }, { dev: false }])('a static origin (sirv, %o)', ({ dev }) => {
  it("serves a version's plain files, precompressed where the build has them", async () => {
    const get = await origin({ dev });
    const entry = await get('/1.0.0-aaaa/remoteEntry.js', { 'Accept-Encoding': 'br' });
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-encoding')).toBe('br');
    expect(await entry.text()).toBe('export {};');
    expect((await get('/1.0.0-aaaa/mf-manifest.json')).status).toBe(200);
  });

  it.each([
    '/1.0.0-aaaa/remoteEntry.js.map',
    '/1.0.0-aaaa/remoteEntry.js.map.br',
    '/1.0.0-aaaa/deployment.json',
    '/1.0.0-aaaa/mf-stats.json',
    '/1.0.0-aaaa/deployment%2ejson',
  ])('keeps the records and source maps on disk for the team: %s is not found', async (path) => {
    const get = await origin({ dev });
    expect((await get(path)).status).toBe(404);
  });

  it('follows no link placed in a version: to a file, to a folder, as the version itself', async () => {
    symlinkSync(join(folder, 'outside/secret.txt'), join(root, '1.0.0-aaaa/leak.txt'));
    symlinkSync(join(folder, 'outside'), join(root, '1.0.0-aaaa/assets/linked'));
    symlinkSync(join(folder, 'outside'), join(root, '9.9.9-evil'));
    const get = await origin({ dev });
    for (const path of ['/1.0.0-aaaa/leak.txt', '/1.0.0-aaaa/assets/linked/secret.txt', '/9.9.9-evil/secret.txt']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).not.toContain('outside the build');
    }
  });

  it('sends no precompressed copy that is a link, nor the file beside it', async () => {
    writeFileSync(join(root, '1.0.0-aaaa/assets/page.js'), 'export default 1;');
    symlinkSync(join(folder, 'outside/secret.txt'), join(root, '1.0.0-aaaa/assets/page.js.gz'));
    const get = await origin({ dev });
    const answer = await get('/1.0.0-aaaa/assets/page.js', { 'Accept-Encoding': 'gzip' });
    expect(answer.status).toBe(404);
  });

  it('serves nothing out of its root, nor a folder', async () => {
    const get = await origin({ dev });
    for (const path of ['/../outside/secret.txt', '/%2e%2e/outside/secret.txt', '/1.0.0-aaaa/', '/1.0.0-aaaa', '/'])
      expect((await get(path)).status, path).toBe(404);
  });

  it('may have a root that is itself a link', async () => {
    symlinkSync(root, join(folder, 'current'));
    const get = await origin({ dev }, join(folder, 'current'));
    expect((await get('/1.0.0-aaaa/remoteEntry.js')).status).toBe(200);
  });
});

describe('an origin whose addresses leave off an extension (the demo provider)', () => {
  it('serves launch.html at /launch, held to the same rule', async () => {
    writeFileSync(join(root, 'launch.html'), '<!doctype html><title>Demo</title>');
    symlinkSync(join(folder, 'outside/secret.txt'), join(root, 'leak.html'));
    const get = await origin({ extensions: ['html'] });
    const launch = await get('/launch?gameCode=pug_life');
    expect(launch.status).toBe(200);
    expect(await launch.text()).toContain('<title>Demo</title>');
    expect((await get('/leak')).status).toBe(404);
  });
});

describe('a single-page app', () => {
  beforeEach(() => writeFileSync(join(root, 'index.html'), '<!doctype html><title>Nova Reels</title>'));

  it('answers an address that names no file with its index.html, and a missing file with 404', async () => {
    const get = await origin({ single: true });
    for (const path of ['/', '/games', '/games/pug-life?x=1']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain('<title>Nova Reels</title>');
    }
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/1.0.0-aaaa/remoteEntry.js.map')).status).toBe(404);
  });

  it('has no index.html through a link', async () => {
    rmSync(join(root, 'index.html'));
    symlinkSync(join(folder, 'outside/secret.txt'), join(root, 'index.html'));
    const get = await origin({ single: true });
    expect((await get('/games')).status).toBe(404);
  });
});
