// @ts-check
// Canary releases: a slice's canary version takes a share of the visitors, the released one
// keeps the rest. Each visitor has a bucket (0–99), kept in a first-party cookie that names
// nothing about them; a visitor sees the canary of a slice whose share is above its bucket, on
// every page, until the share changes.

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
 * The bucket a Cookie header names, if it names a valid one.
 * @param {string | null | undefined} cookieHeader
 * @returns {number | undefined}
 */
export function bucketFrom(cookieHeader) {
  if (!cookieHeader) return undefined;
  const match = new RegExp(`(?:^|;\\s*)${bucketCookie}=(\\d{1,2})(?:;|\\s*$)`).exec(cookieHeader);
  return match ? Number(match[1]) : undefined;
}
