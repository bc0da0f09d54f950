// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { overrideLifetimeMs, overrideOf, overrideToken } from './override-token.js';
import { clockSkewMs, purposes, signer } from './signing.js';

const key = 'k'.repeat(32);
const override = { slice: 'legal', origin: 'http://localhost:5176', expiresAt: 10_000 };

describe('override tokens', () => {
  it("name a slice and its dev server's origin until they expire", () => {
    const token = overrideToken(signer(key), override);
    expect(overrideOf(signer(key), token, 9_999)).toEqual(override);
    expect(overrideOf(signer(key), token, 10_000)).toBeUndefined();
  });

  it('last no longer than an override may: 12 hours from now', () => {
    const now = Date.UTC(2026, 10, 28, 5);
    const lasting = (ms: number) => overrideToken(signer(key), { ...override, expiresAt: now + ms });
    expect(overrideLifetimeMs).toBe(12 * 3_600_000);
    expect(overrideOf(signer(key), lasting(overrideLifetimeMs), now)).toBeDefined();
    expect(overrideOf(signer(key), lasting(overrideLifetimeMs + clockSkewMs + 1), now)).toBeUndefined();
    expect(overrideOf(signer(key), lasting(Date.UTC(275_000, 0) - now), now)).toBeUndefined();
  });

  it('are refused under another key, and are not made of any other signed token', () => {
    const { sign } = signer(key);
    expect(overrideOf(signer('o'.repeat(32)), overrideToken(signer(key), override), 0)).toBeUndefined();
    const preview = sign(purposes.preview, { s: 'legal', o: 'http://localhost:5176', e: 10_000 });
    expect(overrideOf(signer(key), preview, 0)).toBeUndefined();
    expect(overrideOf(signer(key), sign(purposes.override, { s: 'legal', o: 5176, e: 10_000 }), 0)).toBeUndefined();
    expect(overrideOf(signer(key), sign(purposes.override, null), 0)).toBeUndefined();
  });
});
