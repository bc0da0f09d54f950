// @ts-check
// POST /field-signals: the batches visitors' browsers send (shell/src/telemetry), checked
// strictly and counted (metrics.mjs); GET /field-signals/token: the token each batch must carry
// (field-signal-tokens.mjs). A batch is taken whole or refused whole, with one of a fixed set of
// reasons: nothing a client sends becomes a label, a log line or a new series (but a slice and
// version the remote map lists). The limits, the tokens used and the clients counted are the
// client ledger's (client-ledger.mjs), shared by every process of the composer.
import { failureKinds, fieldSignalsPath, fieldSignalTokenPath, vitalNames } from '@nova/contracts/field-signals';
import { isRecord } from '@nova/contracts/remote-map';
import { readBucket } from '@nova/contracts/traffic';
import { boundedBody } from '@nova/kit/body';
import { clientAddress } from './client-address.mjs';
import { createLedger, localLedger } from './client-ledger.mjs';
import { fieldSignalTokens } from './field-signal-tokens.mjs';
import { fieldMetrics } from './metrics.mjs';
import { entryFor } from './remote-map-view.mjs';

/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */
/** @typedef {import('./remote-map-source.mjs').RemoteMapSource} RemoteMapSource */
/** @typedef {import('./metrics.mjs').FieldMetrics} FieldMetrics */
/** @typedef {import('./metrics.mjs').RejectReason} RejectReason */
/** @typedef {import('./client-ledger.mjs').ClientLedger} ClientLedger */
/** @typedef {import('@nova/signing/signing').Signer} Signer */
/** @typedef {RequestParts} SignalRequest a request, with the sender's address and a body the Node adapter reads */

/** What one batch may hold; a browser's batch stays well inside it (shell/src/telemetry). */
export const batchLimits = {
  bodyBytes: 4096,
  signals: 32,
  /** The largest value taken of each vital: seconds for LCP and INP, none for CLS. */
  values: { LCP: 120, INP: 60, CLS: 50 },
};

const signalNames = new Set(['view', ...failureKinds, ...vitalNames]);
const signalKeys = new Set(['slice', 'version', 'signal', 'value']);
const batchKeys = new Set(['token', 'signals']);
const isVital = (/** @type {string} */ signal) => /** @type {readonly string[]} */ (vitalNames).includes(signal);

/** The status a batch refused for each reason gets (400 for the rest). */
const statusOf = /** @type {Partial<Record<RejectReason, number>>} */ ({
  method: 405,
  'rate-limited': 429,
  'content-type': 415,
  'too-large': 413,
  'too-many': 413,
  'no-remote-map': 503,
  busy: 503,
  'no-token': 403,
  'invalid-token': 403,
  'expired-token': 403,
  'token-client': 403,
  'token-versions': 403,
  'token-reused': 403,
});
const noStore = ['Cache-Control', 'no-store'];

/**
 * @param {object} options
 * @param {RemoteMapSource} options.remoteMap the versions a signal may name: those it lists
 * @param {Signer} options.signer the environment's key: it signs the tokens
 * @param {ClientLedger} [options.ledger] limits, tokens used, clients counted (the primary's, in a cluster)
 * @param {readonly string[]} [options.trustedProxies] whose X-Forwarded-For names the client
 * @param {FieldMetrics} [options.metrics]
 * @param {() => number} [options.now]
 */
export function createFieldSignalsEndpoint({
  remoteMap,
  signer,
  ledger = localLedger(createLedger()),
  trustedProxies = [],
  metrics = fieldMetrics(),
  now = Date.now,
}) {
  const tokens = fieldSignalTokens(signer, { now });
  const clientAt = clientAddress(trustedProxies);
  const clientOf = (/** @type {SignalRequest} */ request) =>
    clientAt(request.client, request.headers.get('x-forwarded-for'));
  /** Whether the client may make one more request of this kind; undefined if the ledger did not answer. */
  const allowed = (/** @type {'token' | 'batch'} */ kind, /** @type {string} */ client) =>
    ledger.allow(kind, client).catch(() => undefined);

  /** @returns {PlainResponse} */
  const refuse = (/** @type {RejectReason} */ reason, headers = /** @type {string[]} */ ([])) => {
    metrics.rejected(reason);
    return {
      status: statusOf[reason] ?? 400,
      headers: ['Content-Type', 'text/plain; charset=utf-8', ...noStore, ...headers],
      body: `Refused: ${reason}.`,
    };
  };

  /** @returns {Promise<PlainResponse>} */
  const issueToken = async (/** @type {SignalRequest} */ request) => {
    const text = (
      /** @type {number} */ status,
      /** @type {string} */ body,
      headers = /** @type {string[]} */ ([]),
    ) => ({
      status,
      headers: ['Content-Type', 'text/plain; charset=utf-8', ...noStore, ...headers],
      body,
    });
    if (request.method !== 'GET') return text(405, 'Method not allowed.', ['Allow', 'GET']);
    const client = clientOf(request);
    const allow = await allowed('token', client);
    if (allow === undefined) return text(503, 'Busy: try again.', ['Retry-After', '1']);
    if (!allow) return text(429, 'Too many tokens asked for: try again later.', ['Retry-After', '1']);
    const map = remoteMap.current();
    if (map.revision === undefined) return text(503, 'No remote map: try again.', ['Retry-After', '5']);
    // The version of each slice this visitor sees now: its bucket's (it is given one by the page);
    // an ambiguous cookie sees the released versions, as its pages do.
    const { bucket } = readBucket(request.headers.get('cookie'));
    const versions = Object.fromEntries(
      Object.keys(map.view.environment.slices).flatMap((slice) => {
        const entry = entryFor(map.view, slice, bucket);
        return entry ? [[slice, entry.version]] : [];
      }),
    );
    return {
      status: 200,
      // The token is this client's alone: no cache may keep it (the edge passes it through).
      headers: ['Content-Type', 'application/json', 'Cache-Control', 'private, no-store'],
      body: JSON.stringify(tokens.issue(client, versions)),
    };
  };

  /** @returns {Promise<PlainResponse>} */
  const receive = async (/** @type {SignalRequest} */ request) => {
    if (request.method !== 'POST') return refuse('method', ['Allow', 'POST']);
    const client = clientOf(request);
    const allow = await allowed('batch', client);
    if (allow === undefined) return refuse('busy', ['Retry-After', '1']);
    if (!allow) return refuse('rate-limited', ['Retry-After', '1']);
    if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(request.headers.get('content-type') ?? ''))
      return refuse('content-type');
    const body = await readBody(request, batchLimits.bodyBytes);
    if (body.over !== undefined) return refuse('too-large');
    let json;
    try {
      json = JSON.parse(body.text);
    } catch {
      return refuse('not-json');
    }
    if (
      !isRecord(json) ||
      Object.keys(json).some((key) => !batchKeys.has(key)) ||
      !Array.isArray(json.signals) ||
      json.signals.length === 0
    )
      return refuse('malformed');
    if (json.signals.length > batchLimits.signals) return refuse('too-many');
    const map = remoteMap.current();
    if (map.revision === undefined) return refuse('no-remote-map', ['Retry-After', '5']);
    /** @type {Signal[]} */
    const signals = [];
    for (const item of json.signals) {
      const checked = checkSignal(item, map.view);
      if (typeof checked === 'string') return refuse(checked);
      signals.push(checked);
    }
    const grant = tokens.check(json.token, client);
    if (typeof grant === 'string') return refuse(grant);
    if (signals.some(({ slice, version }) => grant.versions[slice] !== version)) return refuse('token-versions');
    const versions = [...new Set(signals.map(({ slice, version }) => `${slice}@${version}`))];
    const redeemed = await ledger
      .redeem({ id: grant.id, expiresAt: grant.expiresAt, client: grant.client, versions })
      .catch(() => undefined);
    if (!redeemed || (!redeemed.spent && redeemed.why === 'full')) return refuse('busy', ['Retry-After', '1']);
    if (!redeemed.spent) return refuse('token-reused');
    for (const { slice, version, signal, value } of signals) {
      if (signal === 'view') metrics.pageView(slice, version);
      else if (value === undefined) metrics.failure(slice, version, /** @type {FailureName} */ (signal));
      else metrics.vital(slice, version, /** @type {VitalName} */ (signal), value);
    }
    for (const key of redeemed.newFor) {
      const [slice = '', version = ''] = key.split('@');
      metrics.client(slice, version);
    }
    return { status: 204, headers: noStore };
  };

  return {
    /** Whether it answers `pathname`. */
    answers: (/** @type {string} */ pathname) => pathname === fieldSignalsPath || pathname === fieldSignalTokenPath,
    /**
     * The answer at one of its paths (`answers`), without the site's security headers.
     * @param {SignalRequest} request
     * @param {string} pathname
     */
    respond: (request, pathname) => (pathname === fieldSignalTokenPath ? issueToken(request) : receive(request)),
  };
}

/** @typedef {import('@nova/contracts/field-signals').failureKinds[number]} FailureName */
/** @typedef {import('@nova/contracts/field-signals').vitalNames[number]} VitalName */
/** @typedef {{ slice: string, version: string, signal: string, value?: number }} Signal */

/**
 * One signal, checked: a slice of the environment, a version the map lists for it, a known signal,
 * and a value only for a vital (a finite number in range). Else why it is refused.
 * @param {unknown} item
 * @param {import('./remote-map-view.mjs').RemoteMapView} view
 * @returns {Signal | RejectReason}
 */
function checkSignal(item, view) {
  if (!isRecord(item) || Object.keys(item).some((key) => !signalKeys.has(key))) return 'malformed';
  const { slice, version, signal, value } = item;
  if (typeof slice !== 'string' || typeof version !== 'string' || typeof signal !== 'string') return 'malformed';
  if (!Object.hasOwn(view.environment.slices, slice)) return 'unknown-slice';
  if (!signalNames.has(signal)) return 'unknown-signal';
  if (isVital(signal)) {
    const limit = batchLimits.values[/** @type {VitalName} */ (signal)];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > limit) return 'value';
  } else if (value !== undefined) return 'value';
  if (!view.listed(slice, version)) return 'unlisted-version';
  return { slice, version, signal, value: /** @type {number | undefined} */ (value) };
}

/**
 * The body, read up to `maxBytes`: by the Node adapter, or from a Web `Request`'s stream.
 * @param {SignalRequest} request
 * @param {number} maxBytes
 */
function readBody(request, maxBytes) {
  if (request.readBody) return request.readBody(maxBytes);
  if (request instanceof Request)
    return boundedBody(/** @type {Response} */ (/** @type {unknown} */ (request)), maxBytes);
  return Promise.resolve({ over: Infinity });
}
