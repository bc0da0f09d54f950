// @ts-check
// Canary releases: a slice's canary version takes a share of the visitors, the released one
// keeps the rest. Each visitor has a bucket (0–99), kept in a first-party cookie that names
// nothing about them; a visitor sees the canary of a slice whose share is above its bucket, on
// every page, until the share changes.
import { stringifySetCookie } from 'cookie';
import { pairNaming, pairWithValue } from './cookie-pairs.js';

/** The cookie that keeps a visitor's bucket: a number from 0 to `bucketCount - 1`, nothing else. */
export const bucketCookie = 'nova_bucket';

/** How many buckets visitors are spread over: a share is a whole percentage. */
export const bucketCount = 100;

/**
 * The canary among a slice's versions, if it has one: a version that is not the released one
 * and takes a share of the traffic (1–99 %). Safe on unchecked JSON records too.
 * @template {{ deployment?: unknown }} T
 * @param {readonly T[]} versions
 * @returns {(T & { deployment: { traffic: number } }) | undefined}
 */
export const canaryVersion = (versions) =>
  /** @type {any} */ (
    versions.find((version) => {
      const deployment = /** @type {{ default?: unknown, traffic?: unknown } | null | undefined} */ (
        version.deployment
      );
      return deployment?.default !== true && isShare(deployment?.traffic);
    })
  );

/** Whether a value is a canary's share: a whole percentage from 1 to 99. */
export const isShare = (/** @type {unknown} */ value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value < bucketCount;

/** Whether a visitor in `bucket` sees a canary that has `share` % of the traffic. */
export const seesCanary = (/** @type {number} */ bucket, /** @type {number} */ share) => bucket < share;

/**
 * How a Cookie header names the bucket cookie (cookie-pairs.js), tried in this order: the composer
 * reads a visitor's bucket with them (`readBucket`) and the edge's nginx map is built from them.
 */
export const bucketCookiePatterns = {
  /** Two pairs name it (or more): which one counts would be anyone's guess. */
  namedTwice: `${pairNaming(bucketCookie)}.*;[ \\t]*${bucketCookie}[ \\t]*=`,
  /** One pair names it with a bucket, written as it is given: 0 to 99 (`bucketCount`), no leading zero. Group 1 is the bucket. */
  bucket: pairWithValue(bucketCookie, '[1-9]?[0-9]'),
  /** A pair names it, with anything else. */
  named: pairNaming(bucketCookie),
};

const namedTwice = new RegExp(bucketCookiePatterns.namedTwice);
const bucketNamed = new RegExp(bucketCookiePatterns.bucket);
const named = new RegExp(bucketCookiePatterns.named);

/**
 * What a Cookie header says of the visitor's bucket: one bucket; nothing (a new visitor: neither
 * set); or something ambiguous (the cookie twice, or not a bucket). An ambiguous visitor sees the
 * released versions, on answers no shared cache keeps, and is given no bucket: a cookie set
 * for another path or domain could not be replaced by one more.
 * @param {string | null | undefined} cookieHeader
 * @returns {{ bucket: number, ambiguous?: undefined } | { bucket?: undefined, ambiguous: boolean }}
 */
export function readBucket(cookieHeader) {
  if (!cookieHeader || !named.test(cookieHeader)) return { ambiguous: false };
  const match = namedTwice.test(cookieHeader) ? null : bucketNamed.exec(cookieHeader);
  return match ? { bucket: Number(match[1]) } : { ambiguous: true };
}

/**
 * The Set-Cookie header that gives a visitor `bucket` (whoever gives it: the composer, or the edge in
 * front, which writes it with this builder): first-party, the number and nothing else, a year, every
 * path, `Secure` when the page came over https.
 * @param {number | string} bucket a bucket, or (for the edge) what stands for one
 * @param {boolean} secure
 */
export const bucketSetCookie = (bucket, secure) =>
  stringifySetCookie({
    name: bucketCookie,
    value: String(bucket),
    path: '/',
    maxAge: 365 * 24 * 60 * 60,
    sameSite: 'lax',
    secure,
  });

/**
 * The request header an edge in front of the composer sends when it gives new visitors their
 * buckets itself (edge/nginx.conf): the composer then gives none. Asked for an answer that depends
 * on the bucket without one, it says so instead (`300`, see `bucketChoiceStatus`), and the edge
 * asks again with the bucket it gives.
 */
export const edgeBucketsHeader = 'X-Edge-Buckets';

/**
 * The composer's answer to an edge that asked, without a bucket, for something that depends on
 * it: 300 Multiple Choices (one representation per bucket), no body, kept by the edge as long
 * as a page.
 */
export const bucketChoiceStatus = 300;
