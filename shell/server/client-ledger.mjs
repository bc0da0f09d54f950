// @ts-check
// What every process of one composer must agree on about the clients that send field signals:
// how many requests each may still make (a token bucket per client and kind of request), which
// field-signal tokens were used (once each), and which clients were counted for each slice
// version. It lives in one process: the cluster's primary (main.mjs), which the workers ask over
// IPC, so that two processes never double a limit nor take a token twice. Several instances
// share only the signing key: each keeps its own ledger.
import { LRUCache } from 'lru-cache';

/** @typedef {{ burst: number, perSecond: number }} Rate */
/** The kinds of request a client is limited in: asking for a token, sending a batch. */
/** @typedef {'token' | 'batch'} LimitKind */
/**
 * A batch to count: the token it spends (its id and when it expires), its client, and the slice
 * versions its signals are about (`slice@version`).
 * @typedef {{ id: string, expiresAt: number, client: string, versions: string[] }} Redemption
 */
/**
 * What came of it: the token was used before, the ledger is full (nothing counted), or it is spent
 * now and `newFor` lists the versions this client is counted for for the first time.
 * @typedef {{ spent: false, why: 'used' | 'full' } | { spent: true, newFor: string[] }} Redeemed
 */
/**
 * The ledger as the field signals use it, in the same process or over IPC.
 * @typedef {object} ClientLedger
 * @property {(kind: LimitKind, client: string) => Promise<boolean>} allow whether the client may make one more request of this kind now
 * @property {(redemption: Redemption) => Promise<Redeemed>} redeem spends a token and counts its client
 */

/** Each client may ask for `burst` tokens (or send `burst` batches) at once, then `perSecond` more each second. */
export const defaultRates = /** @type {Record<LimitKind, Rate>} */ ({
  // A page asks for one when it goes live and one per batch it sends; a token costs one HMAC.
  token: { burst: 60, perSecond: 5 },
  batch: { burst: 20, perSecond: 1 },
});

/** Bounds on what the ledger remembers (see docs/serving.md, "Field signals and metrics"). */
export const ledgerBounds = {
  /** Clients with a rate-limit bucket, per kind; the least recent are forgotten and start full again. */
  clients: 10_000,
  /** Tokens spent and not yet expired; when full, batches are refused until some expire. */
  tokens: 200_000,
  /** Slice versions whose clients are remembered; the least recently signalled is forgotten. */
  versions: 32,
  /** Clients remembered per version: beyond it a version counts no more clients (never one twice). */
  clientsPerVersion: 10_000,
};

/**
 * The ledger itself, in this process.
 * @param {{ rates?: Record<LimitKind, Rate>, now?: () => number, bounds?: typeof ledgerBounds }} [options]
 */
export function createLedger({ rates = defaultRates, now = Date.now, bounds = ledgerBounds } = {}) {
  const limits = {
    token: tokenBuckets(rates.token, now, bounds.clients),
    batch: tokenBuckets(rates.batch, now, bounds.clients),
  };
  const spend = spentTokens(bounds.tokens, now);
  /** @type {LRUCache<string, Set<string>>} */
  const clientsOf = new LRUCache({ max: bounds.versions });
  return {
    /** @param {LimitKind} kind @param {string} client */
    allow: (kind, client) => limits[kind](client),
    /**
     * @param {Redemption} redemption
     * @returns {Redeemed}
     */
    redeem({ id, expiresAt, client, versions }) {
      const spent = spend(id, expiresAt);
      if (spent !== 'spent') return { spent: false, why: spent };
      const newFor = versions.filter((version) => {
        const clients = clientsOf.get(version) ?? new Set();
        clientsOf.set(version, clients);
        if (clients.has(client) || clients.size >= bounds.clientsPerVersion) return false;
        clients.add(client);
        return true;
      });
      return { spent: true, newFor };
    },
  };
}
/** @typedef {ReturnType<typeof createLedger>} Ledger */

/**
 * A ledger in this process, as the field signals ask it.
 * @param {Ledger} ledger
 * @returns {ClientLedger}
 */
export const localLedger = (ledger) => ({
  allow: async (kind, client) => ledger.allow(kind, client),
  redeem: async (redemption) => ledger.redeem(redemption),
});

/**
 * A token bucket per client, for the clients seen lately (memory bounded: the least recent are
 * forgotten, and start full again).
 * @param {Rate} rate
 * @param {() => number} now
 * @param {number} max
 * @returns {(client: string) => boolean} whether the client may make one more request now
 */
function tokenBuckets({ burst, perSecond }, now, max) {
  /** @type {LRUCache<string, { tokens: number, at: number }>} */
  const buckets = new LRUCache({ max });
  return (client) => {
    const at = now();
    const bucket = buckets.get(client) ?? { tokens: burst, at };
    const tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
    const allowed = tokens >= 1;
    buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, at });
    return allowed;
  };
}

/**
 * The ids of the tokens spent, kept until they expire: grouped by the minute their token expires,
 * so a minute's group goes whole once it is over (a token is taken only before it expires).
 * @param {number} max
 * @param {() => number} now
 * @returns {(id: string, expiresAt: number) => 'spent' | 'used' | 'full'}
 */
function spentTokens(max, now) {
  const minuteMs = 60_000;
  /** @type {Map<number, Set<string>>} */
  const byMinute = new Map();
  let size = 0;
  return (id, expiresAt) => {
    for (const [minute, ids] of byMinute) {
      if ((minute + 1) * minuteMs > now()) continue;
      size -= ids.size;
      byMinute.delete(minute);
    }
    const minute = Math.floor(expiresAt / minuteMs);
    const ids = byMinute.get(minute) ?? new Set();
    if (ids.has(id)) return 'used';
    if (size >= max) return 'full';
    ids.add(id);
    byMinute.set(minute, ids);
    size += 1;
    return 'spent';
  };
}

/** The messages a worker and the primary exchange about the ledger. */
const asked = 'nova:ledger-request';
const answered = 'nova:ledger-answer';

/**
 * The primary's ledger, as a worker asks it over IPC: one listener for every answer, however
 * many requests are in flight.
 * @param {{ timeoutMs?: number, worker?: Pick<NodeJS.Process, 'on' | 'send'> }} [options]
 * @returns {ClientLedger}
 */
export function ledgerOverIpc({ timeoutMs = 2000, worker = process } = {}) {
  /** @type {Map<number, { resolve: (result: any) => void, timer: NodeJS.Timeout }>} */
  const waiting = new Map();
  let lastId = 0;
  worker.on('message', (/** @type {unknown} */ message) => {
    const reply = /** @type {{ type?: unknown, id?: unknown, result?: unknown }} */ (message);
    if (reply?.type !== answered || typeof reply.id !== 'number') return;
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    clearTimeout(pending.timer);
    pending.resolve(reply.result);
  });
  /** @param {'allow' | 'redeem'} call @param {unknown[]} args */
  const ask = (call, args) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('The primary did not answer for the client ledger.'));
      }, timeoutMs);
      waiting.set(id, { resolve, timer });
      worker.send?.({ type: asked, id, call, args });
    });
  return {
    allow: (kind, client) => /** @type {Promise<boolean>} */ (ask('allow', [kind, client])),
    redeem: (redemption) => /** @type {Promise<Redeemed>} */ (ask('redeem', [redemption])),
  };
}

/**
 * In the primary: answers the workers' questions from its ledger.
 * @param {Ledger} ledger
 * @param {Pick<import('node:cluster').Cluster, 'on'>} workers node:cluster (the primary's)
 */
export function answerLedgerRequests(ledger, workers) {
  workers.on('message', (worker, message) => {
    if (message?.type !== asked) return;
    const { id, call, args } = message;
    const [first, second] = Array.isArray(args) ? args : [];
    const result =
      call === 'allow' && (first === 'token' || first === 'batch')
        ? ledger.allow(first, String(second))
        : call === 'redeem'
          ? ledger.redeem(first)
          : undefined;
    if (worker.isConnected()) worker.send({ type: answered, id, result });
  });
}
