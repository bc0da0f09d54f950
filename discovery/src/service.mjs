// @ts-check
// The discovery service: its routes, and one instance of it on a port over a database. Several
// instances may serve the same database at once; each write is one transaction (map-routes.mjs).
//
//   GET, HEAD  /environments/<env>/remotes.json      the map (anyone: composers read it)
//   PUT        /environments/<env>/remotes.json      a change (a token; If-Match)
//   GET        /environments/<env>/history?slice=…  the revisions that changed a slice (a token)
//   GET        /environments/<env>/revisions/<n>     the map as of revision n (a token)
//   GET, PUT   /environments/<env>                   its settings (a token; the administrator sets them)
//   GET, POST  /tokens, DELETE /tokens/<id>          the teams' tokens (the administrator)
//   GET        /livez, /readyz                       alive; ready (the database answers)
//
// A client whose tokens are refused over and over is answered 429 for a while (token-throttle.mjs).
import { boundedHttpServer } from '@nova/kit/http-server';
import { adminRoutes } from './admin-routes.mjs';
import { databasePool, isDatabaseUnavailable, migrate } from './database.mjs';
import { Refusal, answerText } from './http.mjs';
import { mapRoutes } from './map-routes.mjs';
import { clientOf, tokenThrottle } from './token-throttle.mjs';
import { Unauthenticated, tokenChecker } from './tokens.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {(request: IncomingMessage, response: ServerResponse, ...parts: string[]) => Promise<void>} Route */

/** The largest map a write may send; the composers refuse larger ones too. */
const maxMapBytes = 1024 * 1024;

/**
 * The request handler on a database pool.
 * @param {{ pool: import('pg').Pool, adminToken: string, log: (line: string) => void }} options
 * @returns {(request: IncomingMessage, response: ServerResponse) => Promise<void>}
 */
export function discoveryHandler({ pool, adminToken, log }) {
  const tokens = tokenChecker({ pool, adminToken });
  const throttle = tokenThrottle();
  /** Who sends the request; a client whose tokens were refused too often waits first (429). */
  const identify = async (/** @type {IncomingMessage} */ request) => {
    const header = request.headers.authorization;
    const client = clientOf(request.socket.remoteAddress);
    const wait = header === undefined ? 0 : throttle.waitSeconds(client);
    if (wait > 0)
      throw new Refusal(429, `Too many refused tokens from ${client}: try again in ${wait} s.`, {
        'retry-after': String(wait),
      });
    try {
      return await tokens.identify(header);
    } catch (error) {
      if (error instanceof Unauthenticated && header !== undefined) throttle.refused(client);
      throw error;
    }
  };
  const map = mapRoutes({ pool, identify, maxMapBytes });
  const admin = adminRoutes({ pool, identify });
  const name = '([a-z][a-z0-9-]{0,31})';

  /** @type {[RegExp, Record<string, Route>][]} path → method → route */
  const routes = [
    [new RegExp(`^/environments/${name}/remotes\\.json$`), { GET: map.read, HEAD: map.read, PUT: map.write }],
    [
      new RegExp(`^/environments/${name}/history$`),
      {
        GET: (request, response, env) =>
          map.history(request, response, env, new URL(request.url ?? '/', 'http://x').searchParams),
      },
    ],
    [
      new RegExp(`^/environments/${name}/revisions/(\\d{1,9})$`),
      { GET: (request, response, env, number) => map.revision(request, response, env, Number(number)) },
    ],
    [new RegExp(`^/environments/${name}$`), { GET: admin.environment, PUT: admin.saveEnvironment }],
    [/^\/tokens$/, { GET: admin.tokens, POST: admin.createToken }],
    [/^\/tokens\/([0-9a-f]{16})$/, { DELETE: admin.revokeToken }],
    [/^\/livez$/, { GET: async (_, response) => answerText(response, 200, 'alive') }],
    [
      /^\/readyz$/,
      {
        GET: async (_, response) => {
          await pool.query('SELECT 1');
          answerText(response, 200, 'ready');
        },
      },
    ],
  ];

  return async (request, response) => {
    try {
      const target = request.url ?? '/';
      if (!URL.canParse(target, 'http://x')) throw new Refusal(400, 'The request target is not a path.');
      const path = new URL(target, 'http://x').pathname;
      const found = routes
        .map(([pattern, methods]) => ({ match: pattern.exec(path), methods }))
        .find(({ match }) => match);
      if (!found?.match) throw new Refusal(404, 'Nothing here: see /environments/<env>/remotes.json.');
      const route = found.methods[request.method ?? ''];
      const allow = Object.keys(found.methods).join(', ');
      if (!route) throw new Refusal(405, `Use ${allow}.`, { allow });
      await route(request, response, ...found.match.slice(1));
    } catch (error) {
      if (response.headersSent) return void response.destroy();
      if (error instanceof Refusal) return answerText(response, error.status, error.message, error.headers);
      if (error instanceof Unauthenticated)
        return answerText(response, 401, error.message, { 'www-authenticate': 'Bearer realm="discovery"' });
      if (isDatabaseUnavailable(error))
        return answerText(response, 503, 'The database is unavailable; try again shortly.', { 'retry-after': '1' });
      log(`${request.method} ${request.url?.slice(0, 200)} failed: ${error instanceof Error ? error.message : error}`);
      answerText(response, 500, 'The service failed; the change, if any, was not made.');
    }
  };
}

/**
 * One instance of the service: the schema brought up to date, then listening.
 * @param {{ databaseUrl: string, adminToken: string, port?: number, host?: string, log?: (line: string) => void }} options
 */
export async function startDiscovery({ databaseUrl, adminToken, port = 0, host, log = console.error }) {
  const pool = databasePool(databaseUrl, log);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const server = boundedHttpServer(discoveryHandler({ pool, adminToken, log }));
  await new Promise((listening) => server.listen(port, host, () => listening(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://localhost:${address.port}`,
    port: address.port,
    /** Stops taking requests, lets those in flight finish, then closes the pool. */
    async close() {
      const closed = new Promise((done) => server.close(done));
      server.closeIdleConnections();
      await closed;
      await pool.end();
    },
  };
}
