// @ts-check
// A visitor, as far as an answer depends on their canary bucket: read from their cookie, given
// one, or left to the edge that gives buckets (one parser for it everywhere: @nova/contracts/traffic).
import { randomInt } from 'node:crypto';
import { bucketCount, bucketSetCookie, edgeBucketsHeader, readBucket } from '@nova/contracts/traffic';
import { askedOverHttps } from './negotiation.mjs';

/** @typedef {import('./answers.mjs').RequestParts} RequestParts */

/** The edge's header, as request parts name headers (in lower case, as Node keeps them). */
const edgeBuckets = edgeBucketsHeader.toLowerCase();

/**
 * A visitor, as far as an answer depends on their bucket (some slice it shows has a canary): the
 * bucket their cookie names; a new one, given with `Set-Cookie`; none if their cookie is
 * ambiguous (they see the released versions); or, through an edge that gives new visitors their
 * buckets (`edgeBucketsHeader`), none yet: the edge asks again with the one it gives.
 * `personal`: the answer is this visitor's alone (a bucket given, or an ambiguous cookie), for no
 * shared cache, and never a 304 (a cookie given must reach the visitor).
 * @typedef {{ bucket?: number, setCookie?: string, personal: boolean, edgeChooses?: true }} Visitor
 * @param {RequestParts} request
 * @returns {Visitor}
 */
export function visitorOf(request) {
  const { bucket, ambiguous } = readBucket(request.headers.get('cookie'));
  if (bucket !== undefined) return { bucket, personal: false };
  if (ambiguous) return { personal: true };
  if (request.headers.get(edgeBuckets) !== null) return { personal: false, edgeChooses: true };
  const assigned = randomInt(bucketCount);
  return { bucket: assigned, setCookie: bucketSetCookie(assigned, askedOverHttps(request)), personal: true };
}

/**
 * The headers an answer adds for its visitor: it varies by the bucket's cookie, and a new visitor
 * gets one.
 * @param {Visitor | undefined} visitor
 */
export const visitorHeaders = (visitor) => [
  ...(visitor ? ['Vary', 'Cookie'] : []),
  ...(visitor?.setCookie ? ['Set-Cookie', visitor.setCookie] : []),
];
