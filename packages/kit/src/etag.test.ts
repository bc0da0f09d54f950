// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { etagMatches, etagOf } from './etag.js';

describe('etagOf', () => {
  it('is 22 characters of the SHA-256 in base64url, quoted, for text and bytes alike', () => {
    const hash = createHash('sha256').update('{"a":1}').digest('base64url').slice(0, 22);
    expect(etagOf('{"a":1}')).toBe(`"${hash}"`);
    expect(etagOf(Buffer.from('{"a":1}'))).toBe(`"${hash}"`);
    expect(etagOf('{"a":1}')).toMatch(/^"[\w-]{22}"$/);
    expect(etagOf('{"a":2}')).not.toBe(etagOf('{"a":1}'));
  });

  it('names a revision first, so the same bytes in two revisions have two tags', () => {
    expect(etagOf('{}', { revision: 12 })).toBe(`"12-${etagOf('{}').slice(1)}`);
    expect(etagOf('{}', { revision: 13 })).not.toBe(etagOf('{}', { revision: 12 }));
  });
});

describe('etagMatches', () => {
  const etag = etagOf('page');

  it('finds the tag in a comma-separated list, weak or strong, or *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"other", W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"other",${etag} `, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches(etag, `W/${etag}`)).toBe(true);
  });

  it('is false for other tags or no header', () => {
    expect(etagMatches('"other"', etag)).toBe(false);
    expect(etagMatches(etag.slice(1, -1), etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
    expect(etagMatches(null, etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
