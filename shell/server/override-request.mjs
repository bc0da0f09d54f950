// @ts-check
// What a request asks of a development override (`slice dev`), checked: a link that starts one
// (`?override=<token>`) or ends it (`?override=off`), and the cookie that holds one. Only a token
// signed with the environment's key for an override, unexpired, for a slice of the site and a dev
// server the environment allows counts; anything else is ignored, and nothing says why.
import { overrideParameter, overridePatterns } from '@nova/contracts/dev-override';
import { sliceNames } from '@nova/contracts/slices';
import { overrideOf } from '@nova/signing/override-token';
import { overrideOriginAllowed } from './override-settings.mjs';

/** @typedef {import('@nova/signing/signing').Signer} Signer */
/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {{ slice: SliceName, origin: string, expiresAt: number, token: string }} ActiveOverride */

const naming = new RegExp(overridePatterns.cookieNamed, 'g');
const tokenOf = new RegExp(overridePatterns.cookieToken);
const linking = new RegExp(overridePatterns.link);

/**
 * The override cookie's value: none where no pair names it, or two do (which counts would be
 * anyone's guess).
 * @param {string | null} cookieHeader
 */
function cookieValue(cookieHeader) {
  if (!cookieHeader || (cookieHeader.match(naming)?.length ?? 0) !== 1) return undefined;
  return tokenOf.exec(cookieHeader)?.[1];
}

/**
 * @param {{ signer: Signer, origins: readonly string[], now: () => number }} options
 *   origins: the dev servers allowed (OVERRIDE_ORIGINS)
 */
export function overrideReader({ signer, origins, now }) {
  /**
   * The override a token asks for, if it is one this environment honours.
   * @param {string | undefined} token
   * @returns {ActiveOverride | undefined}
   */
  const honoured = (token) => {
    // Every request without an override's cookie asks: nothing to check.
    if (!token) return undefined;
    const override = overrideOf(signer, token, now());
    const slice = sliceNames.find((name) => name === override?.slice);
    if (!override || !slice || !overrideOriginAllowed(override.origin, origins)) return undefined;
    return { slice, origin: override.origin, expiresAt: override.expiresAt, token };
  };
  return {
    /**
     * What the address's query asks: to start the override its token names (if honoured), to end
     * any, or nothing.
     * @param {string} search the request's query, `?…` or ''
     * @returns {{ start: ActiveOverride } | { end: true } | undefined}
     */
    link(search) {
      if (!linking.test(search.slice(1))) return undefined;
      const asked = new URLSearchParams(search).get(overrideParameter);
      if (asked === null) return undefined;
      if (asked === 'off') return { end: true };
      const start = honoured(asked);
      return start && { start };
    },
    /**
     * The override the browser's cookie holds, if honoured.
     * @param {string | null} cookieHeader
     */
    cookie: (cookieHeader) => honoured(cookieValue(cookieHeader)),
  };
}
