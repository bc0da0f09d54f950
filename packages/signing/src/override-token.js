// @ts-check
// A development override's token: one slice served from a team's dev server (`slice dev`), in the
// one browser that opens its link, until a time, signed with the environment's key. The composer
// honours it only where its configuration allows overrides, and only to origins it allows.
import { purposes, unexpiredPayload } from './signing.js';

/** @typedef {import('./signing.js').Signer} Signer */
/** @typedef {{ slice: string, origin: string, expiresAt: number }} Override */

/** How long an override lasts (its purpose's longest): `slice dev` signs a new one on every start. */
export const overrideLifetimeMs = purposes.override.maxLifetimeMs;

/**
 * The token of an override link.
 * @param {Signer} signer
 * @param {Override} override origin: the dev server's; expiresAt: milliseconds since the epoch
 */
export const overrideToken = (signer, { slice, origin, expiresAt }) =>
  signer.sign(purposes.override, { s: slice, o: origin, e: expiresAt });

/**
 * What an override token asks for, if this key signed it as one, it has not expired and it lives
 * no longer than an override may.
 * @param {Signer} signer
 * @param {unknown} token
 * @param {number} now milliseconds since the epoch
 * @returns {Override | undefined}
 */
export function overrideOf(signer, token, now) {
  const payload = unexpiredPayload(signer, purposes.override, token, now, /** @type {const} */ (['s', 'o']));
  return payload && { slice: payload.s, origin: payload.o, expiresAt: payload.e };
}
