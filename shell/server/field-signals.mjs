// @ts-check
// POST /field-signals: the batches visitors' browsers send (shell/src/telemetry), checked
// strictly and counted (metrics.mjs); GET /metrics: the counts, for Prometheus. A batch is taken
// whole or refused whole, with one of a fixed set of reasons: nothing a client sends becomes a
// label, a log line or a new series (but a slice and version the remote map lists).
import { failureKinds, fieldSignalsPath, metricsPath, vitalNames } from '@nova/contracts/field-signals';
import { isRecord } from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import { LRUCache } from 'lru-cache';
import { boundedText } from './bounded-body.mjs';
import { fieldMetrics, metricsContentType, metricsText } from './metrics.mjs';

/** @typedef {import('./shell-handler.mjs').RequestParts} RequestParts */
/** @typedef {import('./shell-handler.mjs').PlainResponse} PlainResponse */
/** @typedef {import('./remote-map-source.mjs').RemoteMapSource} RemoteMapSource */
/** @typedef {import('./metrics.mjs').FieldMetrics} FieldMetrics */
/** @typedef {import('./metrics.mjs').RejectReason} RejectReason */
/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/**
 * A request as the Node adapter gives it: with its sender's address and a bounded read of its
 * body. A Web `Request` has neither: its body is read from its stream, and it has no address.
 * @typedef {RequestParts & {
 *   client?: string,
 *   readBody?: (maxBytes: number) => Promise<{ text: string, over?: undefined } | { over: number }>,
 * }} SignalRequest
 */

/** What one batch may hold; a browser's batch stays well inside it (shell/src/telemetry). */
export const batchLimits = {
  bodyBytes: 4096,
  signals: 32,
  /** The largest value taken of each vital: seconds for LCP and INP, none for CLS. */
  values: { LCP: 120, INP: 60, CLS: 50 },
};

/** Each client may send `burst` batches at once, then `perSecond` more each second. */
const defaultRate = { burst: 20, perSecond: 1 };

const signalNames = new Set(['view', ...failureKinds, ...vitalNames]);
const signalKeys = new Set(['slice', 'version', 'signal', 'value']);
const isVital = (/** @type {string} */ signal) => /** @type {readonly string[]} */ (vitalNames).includes(signal);

/**
 * @param {object} options
 * @param {RemoteMapSource} options.remoteMap the versions a signal may name: those it lists
 * @param {FieldMetrics} [options.metrics]
 * @param {() => Promise<string>} [options.readMetrics] the text /metrics answers (metricsText)
 * @param {{ burst: number, perSecond: number }} [options.rate] per client
 * @param {() => number} [options.now]
 */
export function createFieldSignals({
  remoteMap,
  metrics = fieldMetrics(),
  readMetrics = metricsText(metrics.registry),
  rate = defaultRate,
  now = Date.now,
}) {
  const allowed = tokenBuckets(rate, now);

  /** @returns {PlainResponse} */
  const refuse = (
    /** @type {number} */ status,
    /** @type {RejectReason} */ reason,
    headers = /** @type {string[]} */ ([]),
  ) => {
    metrics.rejected(reason);
    return {
      status,
      headers: ['Content-Type', 'text/plain; charset=utf-8', 'Cache-Control', 'no-store', ...headers],
      body: `Refused: ${reason}.`,
    };
  };

  /** @returns {Promise<PlainResponse>} */
  const receive = async (/** @type {SignalRequest} */ request) => {
    if (request.method !== 'POST') return refuse(405, 'method', ['Allow', 'POST']);
    if (!allowed(clientOf(request))) return refuse(429, 'rate-limited', ['Retry-After', '1']);
    if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(request.headers.get('content-type') ?? ''))
      return refuse(415, 'content-type');
    const body = await readBody(request, batchLimits.bodyBytes);
    if (body.over !== undefined) return refuse(413, 'too-large');
    let json;
    try {
      json = JSON.parse(body.text);
    } catch {
      return refuse(400, 'not-json');
    }
    if (!isRecord(json) || Object.keys(json).length !== 1 || !Array.isArray(json.signals) || json.signals.length === 0)
      return refuse(400, 'malformed');
    if (json.signals.length > batchLimits.signals) return refuse(413, 'too-many');
    const map = remoteMap.current();
    if (map.revision === undefined) return refuse(503, 'no-remote-map', ['Retry-After', '5']);
    /** @type {Signal[]} */
    const signals = [];
    for (const item of json.signals) {
      const checked = checkSignal(item, map.view.listed);
      if (typeof checked === 'string') return refuse(400, checked);
      signals.push(checked);
    }
    for (const { slice, version, signal, value } of signals) {
      if (signal === 'view') metrics.pageView(slice, version);
      else if (value === undefined) metrics.failure(slice, version, /** @type {FailureName} */ (signal));
      else metrics.vital(slice, version, /** @type {VitalName} */ (signal), value);
    }
    return { status: 204, headers: ['Cache-Control', 'no-store'] };
  };

  /** @returns {Promise<PlainResponse>} */
  const metricsResponse = async (/** @type {RequestParts} */ request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return { status: 405, headers: ['Allow', 'GET, HEAD', 'Cache-Control', 'no-store'] };
    const text = await readMetrics().catch(() => undefined);
    if (text === undefined)
      return { status: 503, headers: ['Cache-Control', 'no-store', 'Retry-After', '1'], body: 'Metrics unavailable.' };
    return {
      status: 200,
      headers: ['Content-Type', metricsContentType, 'Cache-Control', 'no-store'],
      body: request.method === 'HEAD' ? undefined : text,
    };
  };

  return {
    /** Whether it answers `pathname`. */
    answers: (/** @type {string} */ pathname) => pathname === fieldSignalsPath || pathname === metricsPath,
    /**
     * The answer at one of its paths (`answers`), without the site's security headers.
     * @param {SignalRequest} request
     * @param {string} pathname
     */
    respond: (request, pathname) => (pathname === metricsPath ? metricsResponse(request) : receive(request)),
  };
}

/** @typedef {import('@nova/contracts/field-signals').failureKinds[number]} FailureName */
/** @typedef {import('@nova/contracts/field-signals').vitalNames[number]} VitalName */
/** @typedef {{ slice: SliceName, version: string, signal: string, value?: number }} Signal */

/**
 * One signal, checked: a known slice, a version the map lists for it, a known signal, and a
 * value only for a vital (a finite number in range). Else why it is refused.
 * @param {unknown} item
 * @param {(slice: SliceName, version: string) => unknown} listed
 * @returns {Signal | RejectReason}
 */
function checkSignal(item, listed) {
  if (!isRecord(item) || Object.keys(item).some((key) => !signalKeys.has(key))) return 'malformed';
  const { slice, version, signal, value } = item;
  if (typeof slice !== 'string' || typeof version !== 'string' || typeof signal !== 'string') return 'malformed';
  if (!(/** @type {readonly string[]} */ (sliceNames).includes(slice))) return 'unknown-slice';
  if (!signalNames.has(signal)) return 'unknown-signal';
  if (isVital(signal)) {
    const limit = batchLimits.values[/** @type {VitalName} */ (signal)];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > limit) return 'value';
  } else if (value !== undefined) return 'value';
  if (!listed(/** @type {SliceName} */ (slice), version)) return 'unlisted-version';
  return { slice: /** @type {SliceName} */ (slice), version, signal, value: /** @type {number | undefined} */ (value) };
}

/**
 * The body, read up to `maxBytes`: by the Node adapter, or from a Web `Request`'s stream.
 * @param {SignalRequest} request
 * @param {number} maxBytes
 */
function readBody(request, maxBytes) {
  if (request.readBody) return request.readBody(maxBytes);
  if (request instanceof Request)
    return boundedText(/** @type {Response} */ (/** @type {unknown} */ (request)), maxBytes);
  return Promise.resolve({ over: Infinity });
}

/** Addresses of this side of the network: a proxy there (the edge) names the client it forwards. */
const ownNetwork = /^(?:::1|127\.|::ffff:127\.|10\.|::ffff:10\.|192\.168\.|::ffff:192\.168\.|f[cd][0-9a-f]{2}:)/i;

/**
 * Who sent a request, for the rate limit: its peer's address, or, from a proxy of our own
 * network, the address that proxy last added to X-Forwarded-For (the one it saw).
 * @param {SignalRequest} request
 */
export function clientOf({ client = '', headers }) {
  const forwarded = ownNetwork.test(client) ? headers.get('x-forwarded-for') : null;
  return forwarded?.split(',').at(-1)?.trim().slice(0, 64) || client;
}

/**
 * A token bucket per client, for the clients seen lately (memory bounded: the least recent are
 * forgotten, and start full again).
 * @param {{ burst: number, perSecond: number }} rate
 * @param {() => number} now
 * @returns {(client: string) => boolean} whether the client may send one more batch now
 */
function tokenBuckets({ burst, perSecond }, now) {
  /** @type {LRUCache<string, { tokens: number, at: number }>} */
  const buckets = new LRUCache({ max: 10_000 });
  return (client) => {
    const at = now();
    const bucket = buckets.get(client) ?? { tokens: burst, at };
    const tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
    const allowed = tokens >= 1;
    buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, at });
    return allowed;
  };
}
