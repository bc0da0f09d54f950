// @vitest-environment node
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { inlineScriptHashes, securityHeaders } from './page-policy.mjs';

const source = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

test("the CSP allows a document's inline scripts, classic and module, and nothing else by hash", () => {
  const html = [
    '<script>boot()</script>',
    '<script type="module" src="/@vite/client"></script>',
    '<script type="module">import "/@react-refresh";</script>',
    '<script type="application/json" id="data">{}</script>',
  ].join('');
  expect(inlineScriptHashes(html)).toEqual([source('boot()'), source('import "/@react-refresh";')]);
});

test('pages connect to the slice origins and the sockets given, and load scripts and images from the slice origins only', () => {
  const headers = securityHeaders({
    sliceOrigins: ['http://localhost:4176'],
    inlineScripts: [],
    gameProvider: 'http://127.0.0.1:4178',
    sockets: ['ws://localhost:4176'],
  });
  const csp = headers[headers.indexOf('Content-Security-Policy') + 1]?.split('; ');
  expect(csp).toContain("connect-src 'self' http://localhost:4176 ws://localhost:4176");
  expect(csp).toContain("script-src 'self' http://localhost:4176");
  expect(csp).toContain("img-src 'self' data: http://localhost:4176");
});
