// @ts-check
// Entity tags: one way to make them, one way to compare them with what a client holds.
import { createHash } from 'node:crypto';

/**
 * A strong entity tag for content: 22 characters (132 bits) of its SHA-256 in base64url, quoted
 * (`"Xr4…"`). With a `revision`, the tag names it first (`"12-Xr4…"`), so two revisions of the
 * same bytes never share a tag.
 * @param {string | Uint8Array} content
 * @param {{ revision?: number | string }} [options]
 * @returns {string}
 */
export function etagOf(content, { revision } = {}) {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 22);
  return revision === undefined ? `"${hash}"` : `"${revision}-${hash}"`;
}

/** A tag as the weak comparison sees it: `W/` aside. */
const opaque = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, '');

/**
 * Whether an If-None-Match header names `etag`: one of its comma-separated tags is it, compared as
 * HTTP's weak comparison does (`W/` aside), or it is `*`.
 * @param {string | null | undefined} ifNoneMatch
 * @param {string} etag
 */
export function etagMatches(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => {
    const value = opaque(tag);
    return value === '*' || value === wanted;
  });
}
