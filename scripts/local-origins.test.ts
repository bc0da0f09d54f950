import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { listen, localDemoProvider, portalOrigins, staticShellOrigin } from './local-origins.mjs';

let server: Server | undefined;
let root: string | undefined;

afterEach(() => {
  server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Serves a one-page shell build; resolves to its origin. */
async function serveShellBuild() {
  root = mkdtempSync(join(tmpdir(), 'nova-serve-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Nova Reels</title>');
  writeFileSync(join(root, 'assets/app-1234.js'), 'export {};');
  server = await listen(staticShellOrigin({ root, origins: [] }), 0);
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

test('a file removed after the server listed it (a redeploy) is not found; the server keeps serving', async () => {
  const origin = await serveShellBuild();
  rmSync(join(root!, 'assets/app-1234.js'));

  expect((await fetch(`${origin}/assets/app-1234.js`)).status).toBe(404);
  const page = await fetch(`${origin}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<title>Nova Reels</title>');
});

test('the demo provider may be framed by the portals PORTAL_ORIGINS names, else by any local one', () => {
  vi.stubEnv('PORTAL_ORIGINS', 'https://staging.nova-reels.example, http://192.168.1.20:4173');
  expect(portalOrigins()).toEqual(['https://staging.nova-reels.example', 'http://192.168.1.20:4173']);
  vi.unstubAllEnvs();
  vi.stubEnv('PORTAL_ORIGINS', undefined);
  expect(portalOrigins()).toEqual(['http://localhost:*']);
  vi.unstubAllEnvs();
});

test.each([
  ['http://127.0.0.1:4999/launch', 'http://127.0.0.1:4999/launch'],
  ['http://localhost:5001/demo/launch', 'http://localhost:5001/demo/launch'],
  ['https://demo.provider.example/launch', undefined],
])('our demo provider runs where .env names it on this machine (%s), and not for a real provider', (url, served) => {
  vi.stubEnv('VITE_GAME_DEMO_BASE_URL', url);
  try {
    expect(localDemoProvider()?.href).toBe(served);
  } finally {
    vi.unstubAllEnvs();
  }
});
