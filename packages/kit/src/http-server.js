// @ts-check
// Node's HTTP server with bounds on slow and idle clients, the same for every server.
import { createServer } from 'node:http';

/** @typedef {import('node:http').RequestListener} RequestListener */

/**
 * How long a client may take: to send a request's headers, to send the whole request, and to
 * send the next one on a kept-alive connection. One that takes longer is cut off, so slow or idle
 * clients cannot hold the server's connections.
 */
export const serverTimeouts = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
});

/**
 * Node's HTTP server for a listener, with serverTimeouts.
 * @param {RequestListener} listener
 */
export const boundedHttpServer = (listener) => createServer({ ...serverTimeouts }, listener);
