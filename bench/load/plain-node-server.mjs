// @ts-check
// Node's HTTP server and nothing else: the pages under ROOT (<path>/index.html, .br, .gz), read once,
// sent from memory with HEADERS (JSON), by WORKERS processes sharing PORT. See plain-node.mjs.
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const { ROOT = '', ROUTES = '[]', HEADERS = '{}', PORT = '0', WORKERS = '1' } = process.env;

if (cluster.isPrimary && Number(WORKERS) > 1) {
  for (let i = 0; i < Number(WORKERS); i += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const headers = Object.entries(JSON.parse(HEADERS)).flat();
  const pages = new Map(
    /** @type {string[]} */ (JSON.parse(ROUTES)).map((route) => {
      const file = (/** @type {string} */ suffix) => readFileSync(join(ROOT, route, `index.html${suffix}`));
      return [route, { identity: file(''), br: file('.br'), gzip: file('.gz') }];
    }),
  );
  createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) return void res.writeHead(404).end();
    const accepted = req.headers['accept-encoding'] ?? '';
    const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity';
    const body = page[encoding];
    const encoded = encoding === 'identity' ? [] : ['Content-Encoding', encoding];
    res.writeHead(200, [
      ...headers,
      'Content-Type',
      'text/html; charset=utf-8',
      'Content-Length',
      String(body.length),
      ...encoded,
    ]);
    res.end(body);
  }).listen(Number(PORT), '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}
