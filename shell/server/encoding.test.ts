// @vitest-environment node
import { expect, it } from 'vitest';
import { preferredEncoding } from './encoding.mjs';

it.each([
  [null, 'identity'],
  ['', 'identity'],
  ['gzip, deflate, br', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['BR', 'br'],
  ['identity', 'identity'],
  ['deflate', 'identity'],
  // q=0: not acceptable, in any spelling of zero.
  ['br;q=0, gzip', 'gzip'],
  ['br; q=0.000, gzip', 'gzip'],
  ['br;Q=0., gzip', 'gzip'],
  ['gzip;q=0, br;q=0', 'identity'],
  ['br;q=0.001, gzip', 'br'],
  // Of two accepted, the smaller form, whatever their weights.
  ['gzip;q=1, br;q=0.5', 'br'],
  // `*` stands for every coding not listed.
  ['*', 'br'],
  ['*;q=0', 'identity'],
  ['br;q=0, *', 'gzip'],
  ['br;q=0, *;q=0.5', 'gzip'],
  ['gzip, *;q=0', 'gzip'],
  ['*;q=0, br', 'br'],
  // Names that only contain a coding's are other codings.
  ['brotli, x-gzip', 'identity'],
  ['br-ish, gzip', 'gzip'],
])('Accept-Encoding %j: %s', (accepted, encoding) => {
  expect(preferredEncoding(accepted)).toBe(encoding);
  // Asked again (kept), the same.
  expect(preferredEncoding(accepted)).toBe(encoding);
});

it('reads a header of many kilobytes like a short one', () => {
  const padding = Array.from({ length: 2000 }, (_, i) => `x-coding-${i};q=0.5`).join(', ');
  expect(preferredEncoding(`${padding}, br;q=0, gzip`)).toBe('gzip');
  expect(preferredEncoding(`${padding}, br`)).toBe('br');
});
