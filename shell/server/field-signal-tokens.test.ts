// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clockSkewMs, purposes, signer } from '@nova/signing/signing';
import { fieldSignalTokens, tokenLifetimeMs } from './field-signal-tokens.mjs';

const key = signer('the environment key, long enough to sign');
const client = '203.0.113.7';
const versions = { legal: '1.0.0-aaaa' };

describe('field-signal tokens', () => {
  const clock = { now: Date.UTC(2026, 10, 28, 5) };
  const tokens = fieldSignalTokens(key, { now: () => clock.now });
  /** A token as the composer issues one, but expiring at `e`. */
  const expiringAt = (e: number) =>
    key.sign(purposes.fieldSignals, { i: 'id-1', c: tokens.clientHash(client), v: versions, e });

  it('are issued for their purpose’s longest lifetime, and taken until they expire', () => {
    const { token, expiresIn } = tokens.issue(client, versions);
    expect([tokenLifetimeMs, expiresIn]).toEqual([purposes.fieldSignals.maxLifetimeMs, 15 * 60]);
    expect(tokens.check(token, client)).toMatchObject({ client: tokens.clientHash(client), versions });
    clock.now += tokenLifetimeMs;
    expect(tokens.check(token, client)).toBe('expired-token');
  });

  it('are refused when they expire further from now than a field-signal token may live', () => {
    const longest = clock.now + tokenLifetimeMs + clockSkewMs;
    expect(tokens.check(expiringAt(longest), client)).toMatchObject({ expiresAt: longest });
    expect(tokens.check(expiringAt(longest + 1), client)).toBe('invalid-token');
    expect(tokens.check(expiringAt(Date.UTC(275_000, 0)), client)).toBe('invalid-token');
  });
});
