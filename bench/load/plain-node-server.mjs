// @ts-check
// Node's HTTP server and nothing else: the pages under ROOT (<path>/index.html, .br, .gz), read once,
// sent from memory with the headers the composer sent with each (<file>.headers.json), by WORKERS
// processes sharing PORT. See plain-node.mjs.
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const { ROOT = '', ROUTES = '[]', PORT = '0', WORKERS = '1' } = process.env;

if (cluster.isPrimary && Number(WORKERS) > 1) {
  for (let i = 0; i < Number(WORKERS); i += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  /** A page's form: its bytes, and the headers the composer sent with them (a flat list). */
  const form = (/** @type {string} */ route, /** @type {string} */ file) => ({
    body: readFileSync(join(ROOT, route, file)),
    headers: /** @type {string[]} */ (JSON.parse(readFileSync(join(ROOT, route, `${file}.headers.json`), 'utf8'))),
  });
  const pages = new Map(
    /** @type {string[]} */ (JSON.parse(ROUTES)).map((route) => [
      route,
      { identity: form(route, 'index.html'), br: form(route, 'index.html.br'), gzip: form(route, 'index.html.gz') },
    ]),
  );
  createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) return void res.writeHead(404).end();
    const accepted = req.headers['accept-encoding'] ?? '';
    const { body, headers } = page[accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity'];
    res.writeHead(200, headers).end(body);
  }).listen(Number(PORT), '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}
