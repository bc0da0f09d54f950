// @ts-check
// Tokens the service refused, counted per client: each client may have `burst` refused at once,
// and one more every `refillMs` after that (a token bucket); past that, every request of that
// client that carries a token is answered 429 until the bucket refills, so guessing a token stays
// slow. A client is the connection's address, IPv6 addresses by their /64 (one host's usual
// share). Memory is bounded: at most `maxClients` are remembered, the one refused longest ago is
// forgotten first, and a client whose bucket is full again is forgotten at its next request.
import { isIPv6 } from 'node:net';

/**
 * The client an address stands for: IPv4 as is (also when mapped into IPv6), IPv6 by its /64.
 * @param {string | undefined} address
 */
export function clientOf(address = '') {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return /** @type {string} */ (mapped[1]);
  if (!isIPv6(address)) return address;
  const [bare = ''] = address.split('%');
  const [head = '', tail] = bare.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) groups.push(...Array(Math.max(0, 8 - groups.length - tail.split(':').length)).fill('0'));
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * @param {{ burst?: number, refillMs?: number, maxClients?: number, now?: () => number }} [options]
 */
export function tokenThrottle({ burst = 10, refillMs = 6_000, maxClients = 10_000, now = Date.now } = {}) {
  /** client → how many more refusals it has (a fraction while refilling), as of `at`. @type {Map<string, { left: number, at: number }>} */
  const clients = new Map();

  /** What the client has left now (a full bucket if it is not remembered). @param {string} client */
  const left = (client) => {
    const bucket = clients.get(client);
    return bucket ? Math.min(burst, bucket.left + (now() - bucket.at) / refillMs) : burst;
  };

  return {
    /**
     * How many seconds the client must wait before it may send a token again (0: it may now).
     * @param {string} client
     */
    waitSeconds(client) {
      const available = left(client);
      if (available >= burst) clients.delete(client);
      return available >= 1 ? 0 : Math.ceil(((1 - available) * refillMs) / 1000);
    },

    /**
     * Counts a token the service refused from the client.
     * @param {string} client
     */
    refused(client) {
      const available = Math.max(0, left(client) - 1);
      clients.delete(client);
      if (clients.size >= maxClients) clients.delete(/** @type {string} */ (clients.keys().next().value));
      clients.set(client, { left: available, at: now() });
    },

    /** How many clients it remembers. */
    get size() {
      return clients.size;
    },
  };
}
