// @vitest-environment node
// `slice history` as a team runs it, against a real HTTP server that answers as the discovery
// service would, with history entries whose stored text tries to forge lines of its own.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from './discovery-client.js';
import { printable } from './printable.js';

const cli = join(import.meta.dirname, 'cli.js');

const forged: HistoryEntry = {
  revision: 7,
  at: '2026-01-02T03:04:05.000Z',
  team: 'legal',
  tokenId: '0123456789abcdef',
  command: 'slice release legal 1.0.1-b\n  #8  2026-01-02T03:04:06.000Z  administrator (token admin)  released 6.6.6-x',
  override: null,
  summary: 'released 1.0.1-b (was 1.0.0-a)\r\u001b[2K\u001b[32mall good\u001b[0m',
  fromVersion: '1.0.0-a',
  toVersion: '1.0.1-b',
  canaryVersion: null,
  canaryShare: null,
  commit: '3fa9c21\u202egnp.exe',
};

let base = '';
const server = createServer((request, response) => {
  const url = new URL(request.url!, 'http://x');
  if (url.pathname !== '/environments/staging/history' || url.searchParams.get('slice') !== 'legal')
    return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ environment: 'staging', slice: 'legal', revisions: [forged] }));
});
beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((closed) => server.close(closed)));

describe('slice history', () => {
  it('prints what the service stored as text: no line, colour or cursor move of its own', async () => {
    const map = `${base}/environments/staging/remotes.json`;
    const stdout = await new Promise<string>((done, fail) =>
      execFile(process.execPath, [cli, 'history', 'legal', '--map', map], { encoding: 'utf8' }, (error, out) =>
        error ? fail(error) : done(out),
      ),
    );
    expect(stdout.split('\n')).toEqual([
      'legal in staging: newest first',
      '  #7  2026-01-02T03:04:05.000Z  legal (token 0123456789abcdef)  ' +
        'released 1.0.1-b (was 1.0.0-a)\\r\\u001b[2K\\u001b[32mall good\\u001b[0m, built from 3fa9c21\\u202egnp.exe  ' +
        '<slice release legal 1.0.1-b\\n  #8  2026-01-02T03:04:06.000Z  administrator (token admin)  released 6.6.6-x>',
      '',
    ]);
  });
});

describe('printable text', () => {
  it('escapes control, separator and invisible format characters, and nothing else', () => {
    expect(printable('a\tb\nc\rd\u0000\u0007\u001b[31m\u007f\u0085\u009b')).toBe(
      'a\\tb\\nc\\rd\\u0000\\u0007\\u001b[31m\\u007f\\u0085\\u009b',
    );
    expect(printable('x\u2028y\u2029z\u202e\u200b\u{e0001}')).toBe('x\\u2028y\\u2029z\\u202e\\u200b\\u{e0001}');
    const plain = 'slice release légal 1.0.1-b --traffic 10 «ok» 日本 \\n';
    expect(printable(plain)).toBe(plain);
  });
});
