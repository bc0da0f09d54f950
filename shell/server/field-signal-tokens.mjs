// @ts-check
// Field-signal tokens: what a page must hold to have its signals counted. A composed page is the
// same for every visitor (kept by the composer and by the edge), so its token cannot be in its
// HTML: once live, the page asks for one (GET /field-signals/token, never kept by any cache), and
// sends each batch with a token of its own. A token is signed with the environment's key, lives a
// quarter of an hour and names the client it was issued to (a keyed hash of its address), the
// version of each slice that client sees then, and an id: a batch counts only with a token that
// verifies, has not expired, was issued to its sender, names the versions its signals are about,
// and was never used before (client-ledger.mjs keeps the ids).
import { randomBytes } from 'node:crypto';
import { purposes, timedPayload } from '@nova/signing/signing';
import { isRecord } from '@nova/contracts/remote-map';

/** @typedef {import('@nova/signing/signing').Signer} Signer */
/** @typedef {import('./metrics.mjs').RejectReason} RejectReason */
/**
 * A token's content: its id, its client's hash, the versions it covers by slice, its expiry (ms).
 * @typedef {{ id: string, client: string, versions: Record<string, string>, expiresAt: number }} TokenGrant
 */

/**
 * How long a token is good for (its purpose's longest lifetime): a page keeps a spare one and asks
 * for the next before it expires.
 */
export const tokenLifetimeMs = purposes.fieldSignals.maxLifetimeMs;

/**
 * @param {Signer} signer the environment's key
 * @param {{ now?: () => number }} [options]
 */
export function fieldSignalTokens(signer, { now = Date.now } = {}) {
  const clientHash = (/** @type {string} */ client) => signer.digest(purposes.client, client);
  return {
    /** The keyed hash a token names its client by: the same client, the same hash; nothing readable. */
    clientHash,
    /**
     * A token for `client`, for the versions it sees now.
     * @param {string} client
     * @param {Record<string, string>} versions by slice
     */
    issue(client, versions) {
      const expiresAt = now() + tokenLifetimeMs;
      const payload = { i: randomBytes(12).toString('base64url'), c: clientHash(client), v: versions, e: expiresAt };
      return { token: signer.sign(purposes.fieldSignals, payload), expiresIn: Math.floor(tokenLifetimeMs / 1000) };
    },
    /**
     * What a batch's token grants its sender, or why it grants nothing.
     * @param {unknown} token
     * @param {string} client the batch's sender
     * @returns {TokenGrant | RejectReason}
     */
    check(token, client) {
      if (token === undefined || token === '') return 'no-token';
      const timed = timedPayload(signer, purposes.fieldSignals, token, now());
      if ('refused' in timed) return timed.refused === 'expired' ? 'expired-token' : 'invalid-token';
      const { i: id, c: issuedTo, v: versions, e: expiresAt } = timed.payload;
      if (typeof id !== 'string' || typeof issuedTo !== 'string' || !isRecord(versions)) return 'invalid-token';
      if (issuedTo !== clientHash(client)) return 'token-client';
      return { id, client: issuedTo, versions: /** @type {Record<string, string>} */ (versions), expiresAt };
    },
  };
}
