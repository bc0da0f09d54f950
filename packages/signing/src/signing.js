// @ts-check
// Tokens an environment's servers and tools sign with its one key (SIGNING_KEY) and verify: a
// payload anyone may read, and an HMAC-SHA256 over it that only the key can make. Each use has a
// purpose of its own, part of what is signed, so a token made for one use is never valid for
// another (a field-signal token is not a preview link), and a longest lifetime of its own.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The uses of the key; each signs under its own label, and a token's use says how long such a
 * token may live at most: wherever one is verified, an expiry further off than that is refused,
 * whoever signed it (a tool's limits are not the server's).
 */
export const purposes = /** @type {const} */ ({
  /** A token a page sends field signals with (shell/server/field-signal-tokens.mjs): a quarter of an hour. */
  fieldSignals: { label: 'nova/field-signals/1', maxLifetimeMs: 15 * 60_000 },
  /** A preview link's token (preview-token.js): a day. */
  preview: { label: 'nova/preview/1', maxLifetimeMs: 24 * 3_600_000 },
  /** A development override's token: one browser's slice from a team's dev server (override-token.js): a working day. */
  override: { label: 'nova/override/1', maxLifetimeMs: 12 * 3_600_000 },
  /** The keyed hash that names a client without saying who it is (no token: no lifetime). */
  client: { label: 'nova/client/1' },
});
/** @typedef {{ readonly label: string }} Purpose a use of the key: what it signs or hashes under */
/** @typedef {Purpose & { readonly maxLifetimeMs: number }} TokenPurpose a use the key signs tokens for */

/**
 * How far the clocks of the machine that signs a token (a developer's, for `slice dev`) and of the
 * one that verifies it may be apart: a token signed for its longest lifetime by a clock this far
 * ahead is still taken.
 */
export const clockSkewMs = 60_000;

/** The shortest key taken: 32 characters (`openssl rand -base64 32` gives 44). */
export const minimumKeyLength = 32;

/** The longest token read: anything longer is not one of ours, and is not worth an HMAC. */
const maxTokenLength = 2048;
const tokenShape = /^[\w-]+\.[\w-]{43}$/;

/** A new random key, as SIGNING_KEY takes it. */
export const randomKey = () => randomBytes(32).toString('base64url');

/**
 * A signing key, checked: long enough to be one.
 * @param {string} key
 * @param {string} [name] what it was read from, for the message
 */
export function checkedKey(key, name = 'SIGNING_KEY') {
  if (key.trim().length < minimumKeyLength)
    throw new Error(`${name} must be at least ${minimumKeyLength} characters (e.g. \`openssl rand -base64 32\`).`);
  return key.trim();
}

/**
 * Signs and verifies with one key.
 * @param {string} key
 */
export function signer(key) {
  const secret = Buffer.from(checkedKey(key), 'utf8');
  const mac = (/** @type {Purpose} */ purpose, /** @type {string} */ text) =>
    createHmac('sha256', secret).update(purpose.label).update('\n').update(text).digest();
  return {
    /**
     * A token for `payload` (JSON), valid for `purpose` only.
     * @param {TokenPurpose} purpose
     * @param {unknown} payload
     */
    sign(purpose, payload) {
      const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
      return `${body}.${mac(purpose, body).toString('base64url')}`;
    },
    /**
     * The payload of a token this key signed for `purpose`; undefined for anything else (another
     * key, another purpose, a changed payload, not a token at all). Its signature only: what
     * reads a token with an expiry reads it with `timedPayload`, which checks its time too.
     * @param {TokenPurpose} purpose
     * @param {unknown} token
     * @returns {unknown}
     */
    verify(purpose, token) {
      if (typeof token !== 'string' || token.length > maxTokenLength || !tokenShape.test(token)) return undefined;
      const [body = '', signature = ''] = token.split('.');
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(purpose, body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
    },
    /**
     * A short keyed hash of `text` for `purpose`: the same text gives the same hash under this
     * key, and nothing of the text can be read from it.
     * @param {Purpose} purpose
     * @param {string} text
     */
    digest: (purpose, text) => mac(purpose, text).subarray(0, 16).toString('base64url'),
  };
}
/** @typedef {ReturnType<typeof signer>} Signer */

/**
 * The payload of a token this key signed for `purpose`, if its time holds: its `e` (milliseconds
 * since the epoch) is a number later than `now` (else it is `expired`), and no further from `now`
 * than the purpose's longest lifetime, give or take the clocks' skew (else it is `invalid`: no
 * server or tool of ours made it, and a key that leaked makes no token that lives for ever).
 * @param {Signer} signer
 * @param {TokenPurpose} purpose
 * @param {unknown} token
 * @param {number} now
 * @returns {{ payload: Record<string, unknown> & { e: number } } | { refused: 'invalid' | 'expired' }}
 */
export function timedPayload(signer, purpose, token, now) {
  const payload = /** @type {Record<string, unknown> | null | undefined} */ (signer.verify(purpose, token));
  if (typeof payload !== 'object' || payload === null || typeof payload.e !== 'number') return { refused: 'invalid' };
  if (payload.e > now + purpose.maxLifetimeMs + clockSkewMs) return { refused: 'invalid' };
  if (payload.e <= now) return { refused: 'expired' };
  return { payload: /** @type {Record<string, unknown> & { e: number }} */ (payload) };
}

/**
 * The payload of a token this key signed for `purpose` whose time holds (`timedPayload`), with each
 * of `fields` a string in it. Anything else: undefined.
 * @template {string} Field
 * @param {Signer} signer
 * @param {TokenPurpose} purpose
 * @param {unknown} token
 * @param {number} now
 * @param {readonly Field[]} fields
 * @returns {(Record<Field, string> & { e: number }) | undefined}
 */
export function unexpiredPayload(signer, purpose, token, now, fields) {
  const timed = timedPayload(signer, purpose, token, now);
  if (!('payload' in timed)) return undefined;
  const { payload } = timed;
  if (!fields.every((field) => typeof payload[field] === 'string')) return undefined;
  return /** @type {Record<Field, string> & { e: number }} */ (payload);
}
