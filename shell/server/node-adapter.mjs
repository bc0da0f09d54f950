// @ts-check
// The composer's Node host, and all it knows of Node: it hands the composer each request's parts
// (method, target, headers, the peer's address, a bounded read of the body) and writes the answer
// back; sends the shell's build files (precompressed) from disk; answers liveness and readiness;
// bounds slow and idle clients; and drains on shutdown.
import { boundedBody } from '@nova/kit/body';
import { servedFiles } from './static-files.mjs';

/** @typedef {import('./answers.mjs').Answer} Answer */
/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/** @typedef {{ respond: (request: RequestParts) => Answer | Promise<Answer>, ready: () => boolean }} Composer */
/** @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} Listener */

/** Liveness: the process answers. Readiness: it has a usable remote map and is not shutting down. */
export const healthPaths = { live: '/livez', ready: '/readyz' };

/**
 * A request listener that sends the composer's answers, and the shell's build files it points to.
 * @param {{ composer: Composer, shellBuild: string, log?: (line: string) => void }} options
 * @returns {Listener & { drain: () => void }}
 */
export function composerListener({ composer, shellBuild, log = console.error }) {
  const files = servedFiles(shellBuild, { etag: true, brotli: true, gzip: true });
  let draining = false;

  const send = (
    /** @type {import('node:http').IncomingMessage} */ req,
    /** @type {import('node:http').ServerResponse} */ res,
    /** @type {Answer} */ answer,
  ) => {
    if (draining) res.shouldKeepAlive = false;
    if ('file' in answer) {
      for (let i = 0; i < answer.headers.length; i += 2)
        res.setHeader(/** @type {string} */ (answer.headers[i]), /** @type {string} */ (answer.headers[i + 1]));
      return files(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      });
    }
    res.writeHead(answer.status, answer.headers).end(answer.body);
  };
  const fail = (/** @type {import('node:http').ServerResponse} */ res, /** @type {unknown} */ error) => {
    log(`composer: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The server could not answer this request.');
  };

  /** @type {Listener} */
  const listener = (req, res) => {
    const url = req.url ?? '/';
    if (url === healthPaths.live) {
      res.writeHead(200, { 'Cache-Control': 'no-store' }).end('live');
      return;
    }
    if (url === healthPaths.ready) {
      const serving = composer.ready() && !draining;
      res.writeHead(serving ? 200 : 503, { 'Cache-Control': 'no-store' }).end(serving ? 'ready' : 'not ready');
      return;
    }
    const request = new NodeRequest(req, res);
    try {
      const answer = composer.respond(request);
      if (answer instanceof Promise)
        answer.then(
          (sent) => send(req, res, sent),
          (error) => fail(res, error),
        );
      else send(req, res, answer);
    } catch (error) {
      fail(res, error);
    }
  };
  return Object.assign(listener, {
    /** From now on, not ready and every response closes its connection. */
    drain: () => {
      draining = true;
    },
  });
}

/**
 * A Node request as the composer reads one (RequestParts): made for every request, so its methods
 * are its class's, not closures of its own.
 * @implements {RequestParts}
 */
class NodeRequest {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  constructor(req, res) {
    this.req = req;
    this.res = res;
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    this.headers = this;
  }

  /** A header's value (by its lower-case name), or null. */
  get(/** @type {string} */ name) {
    return /** @type {string | undefined} */ (this.req.headers[name]) ?? null;
  }

  /** The peer's address. */
  get client() {
    return this.req.socket.remoteAddress;
  }

  /**
   * The body, read up to `maxBytes`: one over the bound is not read on, and the connection closes
   * after the answer.
   * @param {number} maxBytes
   */
  async readBody(maxBytes) {
    const body = await boundedBody(this.req, maxBytes);
    if (body.over !== undefined) this.res.shouldKeepAlive = false;
    return body;
  }
}

/**
 * Stops a server gracefully: no new connections, idle ones closed, requests in flight finished;
 * whatever is still open after `graceMs` is closed.
 * @param {import('node:http').Server} server
 * @param {{ drain: () => void }} listener
 * @param {number} [graceMs]
 * @returns {Promise<void>}
 */
export function stopGracefully(server, listener, graceMs = 10_000) {
  listener.drain();
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve();
    });
  });
}
