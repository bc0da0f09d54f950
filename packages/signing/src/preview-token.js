// @ts-check
// A preview link's token: one slice's version, until a time, signed with the environment's key.
// `slice preview` makes it; the composer honours it in /remotes.json while it has not
// expired, for a version its map lists and never rolled back.
import { purposes, unexpiredPayload } from './signing.js';

/** @typedef {import('./signing.js').Signer} Signer */
/** @typedef {{ slice: string, version: string, expiresAt: number }} Preview */

/** The longest a preview link may last (its purpose's), and how long it lasts unless told. */
export const previewLifetime = { maxMs: purposes.preview.maxLifetimeMs, defaultMs: 3_600_000 };

/**
 * The token of a preview link.
 * @param {Signer} signer
 * @param {Preview} preview expiresAt: milliseconds since the epoch
 */
export const previewToken = (signer, { slice, version, expiresAt }) =>
  signer.sign(purposes.preview, { s: slice, v: version, e: expiresAt });

/**
 * What a preview token asks for, if this key signed it as one, it has not expired and it lives no
 * longer than a preview may.
 * @param {Signer} signer
 * @param {unknown} token
 * @param {number} now milliseconds since the epoch
 * @returns {Preview | undefined}
 */
export function previewOf(signer, token, now) {
  const payload = unexpiredPayload(signer, purposes.preview, token, now, /** @type {const} */ (['s', 'v']));
  return payload && { slice: payload.s, version: payload.v, expiresAt: payload.e };
}
