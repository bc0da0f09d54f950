// @ts-check
// The registry's process (startRegistry runs it): `node registry/server.mjs <config.yaml> <port>`
// serves Verdaccio, built by its own runServer from that config, on localhost:<port>, and refuses
// every request a web page makes. npm, pnpm and yarn send no Origin header; a browser sends one
// with each request a page makes to another origin, and with each write. That part is not
// Verdaccio's to do: 6.8 answers every origin, preflights included, with
// `Access-Control-Allow-Origin: *` (it runs the cors middleware with its defaults, before its
// plugins, and has no setting for it; `server.cors` comes with 7.x).
import { fileURLToPath } from 'node:url';

/** This program's file, for startRegistry to run. */
export const serverProgram = fileURLToPath(import.meta.url);

/**
 * `listener` for the requests that carry no Origin header; a 403, with no CORS headers, for
 * those that do.
 * @param {import('node:http').RequestListener} listener
 * @returns {import('node:http').RequestListener}
 */
const refusingWebPages = (listener) => (request, response) => {
  if (request.headers.origin === undefined) return listener(request, response);
  response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
  response.end(`${JSON.stringify({ error: 'this registry answers npm, not web pages (a request with an Origin)' })}\n`);
};

if (process.argv[1] === serverProgram) {
  const [config, port] = process.argv.slice(2);
  const { runServer } = await import('verdaccio');
  /** @type {import('node:http').Server} */
  const server = await runServer(config);
  const [verdaccio] = /** @type {import('node:http').RequestListener[]} */ (server.listeners('request'));
  if (!verdaccio) throw new Error('Verdaccio made a server without its app.');
  server.removeAllListeners('request');
  server.on('request', refusingWebPages(verdaccio));
  server.listen(Number(port), 'localhost');
}
