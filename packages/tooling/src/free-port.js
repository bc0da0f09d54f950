// @ts-check
// A port nothing listens on now, for a server a test or a tool is about to start.
import { createServer } from 'node:net';

/**
 * Asks the system for a free port on `host` and gives it back at once.
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export async function freePort(host = 'localhost') {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, host, () => resolve(undefined)));
  const address = server.address();
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  if (address === null || typeof address === 'string') throw new Error(`No port was given on ${host}.`);
  return address.port;
}
