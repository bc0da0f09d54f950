// @ts-check
// The form a response is sent in, by the request's Accept-Encoding: brotli if the browser accepts
// it, else gzip, else none. One rule for the composer's pages and files and for the edge in front
// of it (edge/nginx-config.mjs builds its map from these patterns): regular expressions that
// JavaScript and nginx (PCRE) read alike, tried in this order, so both pick the same form for the
// same header. A coding is accepted when it is listed without `q=0`, or, unlisted, when `*` is
// listed without `q=0` (RFC 9110, 12.5.3: q=0 means "not acceptable"); of two accepted, the
// smaller form (br) is sent, whatever their other q-values say.
import { LRUCache } from 'lru-cache';

/** @typedef {import('./page-cache.mjs').Encoding} Encoding */

const spaces = '[ \\t]*';
/** `coding` as one of the list's items, with or without a weight. */
const listed = (/** @type {string} */ coding) => `(?:^|,)${spaces}${coding}${spaces}(?:;|,|$)`;
/** `coding` with a weight of zero (`q=0`, `q=0.000`). */
const refused = (/** @type {string} */ coding) =>
  `(?:^|,)${spaces}${coding}${spaces};${spaces}q=0(?:\\.0{0,3})?${spaces}(?:,|$)`;
/** The patterns that accept `coding`: listed and not refused; or unlisted, with `*` listed and not refused. */
const accepting = (/** @type {string} */ coding) => [
  `^(?!.*${refused(coding)}).*${listed(coding)}`,
  `^(?!.*${listed(coding)})(?!.*${refused('\\*')}).*${listed('\\*')}`,
];

/**
 * The rule: the first pattern an Accept-Encoding matches (ignoring case) names the form; none
 * matches: `identity`.
 * @type {readonly { pattern: string, encoding: Exclude<Encoding, 'identity'> }[]}
 */
export const encodingRules = [
  ...accepting('br').map((pattern) => ({ pattern, encoding: /** @type {const} */ ('br') })),
  ...accepting('gzip').map((pattern) => ({ pattern, encoding: /** @type {const} */ ('gzip') })),
];

const rules = encodingRules.map(({ pattern, encoding }) => ({ test: new RegExp(pattern, 'i'), encoding }));

/**
 * The encoding to send for each Accept-Encoding seen lately: browsers send a handful of them; an
 * odd header of many kilobytes is worked out each time rather than kept.
 */
/** @type {LRUCache<string, Encoding>} */
const chosen = new LRUCache({ max: 100, maxSize: 16 * 1024, sizeCalculation: (_, key) => key.length });

/**
 * The form to send, by the request's Accept-Encoding (none: identity).
 * @param {string | null | undefined} accepted
 * @returns {Encoding}
 */
export function preferredEncoding(accepted) {
  if (!accepted) return 'identity';
  let encoding = chosen.get(accepted);
  if (!encoding) {
    encoding = rules.find(({ test }) => test.test(accepted))?.encoding ?? 'identity';
    chosen.set(accepted, encoding);
  }
  return encoding;
}
