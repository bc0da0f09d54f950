// @ts-check
// Who is asking: bearer tokens. A team's token is `nova_<id>_<secret>`: the id names its row, the
// secret is 32 random bytes; only a SHA-256 of the whole token is stored (the token is shown once,
// when it is made), compared in constant time. The administrator's token is the one the service
// is started with (DISCOVERY_ADMIN_TOKEN) and is never stored.
//
// A token made for a request with an Idempotency-Key is also kept sealed (AES-256-GCM) with a key
// derived from that Idempotency-Key, which is itself stored only as a SHA-256: the same request
// sent again (its answer was lost) gets the same token back, and the database alone cannot
// unseal it.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** @typedef {import('pg').Pool} Pool */

/**
 * Who a request is: a team's token (scoped) or the administrator (everything).
 * @typedef {{ admin: false, id: string, team: string, slices: string[], environments: string[] }} TeamIdentity
 * @typedef {{ admin: true, id: 'admin', team: 'administrator' }} AdminIdentity
 * @typedef {TeamIdentity | AdminIdentity} Identity
 */

/** Why a request is anonymous (401): no token, or one the service does not honour. */
export class Unauthenticated extends Error {}

/** @type {AdminIdentity} */
const administrator = { admin: true, id: 'admin', team: 'administrator' };

const tokenPattern = /^nova_([0-9a-f]{16})_[\w-]{43}$/;
const digest = (/** @type {string} */ text) => createHash('sha256').update(text).digest();
/** How an Idempotency-Key is stored: its SHA-256. */
export const keyDigest = digest;

/** Team names, like slice and environment names: plain, short, nothing to escape. */
export const namePattern = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * A new token: what to show once, and what to store.
 * @returns {{ id: string, token: string, secretHash: Buffer }}
 */
export function newToken() {
  const id = randomBytes(8).toString('hex');
  const token = `nova_${id}_${randomBytes(32).toString('base64url')}`;
  return { id, token, secretHash: digest(token) };
}

/**
 * The AES-256-GCM key that seals token `id` for a request's Idempotency-Key.
 * @param {string} idempotencyKey
 * @param {string} id
 */
const sealingKey = (idempotencyKey, id) =>
  Buffer.from(hkdfSync('sha256', idempotencyKey, id, 'nova token, sealed for a retry', 32));

/**
 * A new token sealed with the request's Idempotency-Key: nonce, ciphertext, tag.
 * @param {string} token
 * @param {string} id
 * @param {string} idempotencyKey
 */
export function sealToken(token, id, idempotencyKey) {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(idempotencyKey, id), nonce);
  return Buffer.concat([nonce, cipher.update(token, 'utf8'), cipher.final(), cipher.getAuthTag()]);
}

/**
 * The token `sealToken` sealed, with the same Idempotency-Key (throws with another).
 * @param {Buffer} sealed
 * @param {string} id
 * @param {string} idempotencyKey
 */
export function unsealToken(sealed, id, idempotencyKey) {
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(idempotencyKey, id), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(-16));
  return Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString('utf8');
}

/**
 * The token an Authorization header carries (`Bearer <token>`), if it carries one.
 * @param {string | undefined} header
 */
function bearerToken(header) {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Checks tokens against the administrator's and the stored ones.
 * @param {{ pool: Pool, adminToken: string, now?: () => Date }} options
 */
export function tokenChecker({ pool, adminToken, now = () => new Date() }) {
  const adminHash = digest(adminToken);
  return {
    /**
     * The identity a request's Authorization header proves; throws Unauthenticated with the reason.
     * @param {string | undefined} header
     * @returns {Promise<Identity>}
     */
    async identify(header) {
      const token = bearerToken(header);
      if (!token) throw new Unauthenticated('This needs a token: Authorization: Bearer <token>.');
      const hash = digest(token);
      if (timingSafeEqual(hash, adminHash)) return administrator;
      const id = tokenPattern.exec(token)?.[1];
      if (!id) throw new Unauthenticated('The token is not one this service issued.');
      const { rows } = await pool.query(
        'SELECT team, slices, environments, secret_hash, expires_at, revoked_at FROM tokens WHERE id = $1',
        [id],
      );
      const row = rows[0];
      // The same comparison whether or not the id exists, so timing says nothing about either.
      const known = timingSafeEqual(hash, row?.secret_hash ?? Buffer.alloc(32)) && row !== undefined;
      if (!known) throw new Unauthenticated('The token is not one this service issued.');
      if (row.revoked_at) throw new Unauthenticated(`Token ${id} was revoked at ${row.revoked_at.toISOString()}.`);
      if (row.expires_at <= now()) throw new Unauthenticated(`Token ${id} expired at ${row.expires_at.toISOString()}.`);
      return { admin: false, id, team: row.team, slices: row.slices, environments: row.environments };
    },
  };
}

/**
 * How an identity is named in messages: `token 3fa9… of the legal team`.
 * @param {Identity} identity
 */
export const whoIs = (identity) =>
  identity.admin ? 'the administrator' : `token ${identity.id} of the ${identity.team} team`;
