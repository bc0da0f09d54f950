// @vitest-environment node
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { previewLifetime, previewOf, previewToken } from './preview-token.js';
import { environmentKey, localSigningKey, signingKeyFile } from './signing-key.js';
import { clockSkewMs, purposes, randomKey, signer, timedPayload } from './signing.js';

const key = 'k'.repeat(32);

describe('signed tokens', () => {
  it('verify under the key and purpose they were signed with, and give the payload back', () => {
    const { sign, verify } = signer(key);
    const token = sign(purposes.fieldSignals, { i: 'abc', e: 5 });
    expect(verify(purposes.fieldSignals, token)).toEqual({ i: 'abc', e: 5 });
  });

  it('are refused under another purpose, another key, or changed in any way', () => {
    const { sign, verify } = signer(key);
    const token = sign(purposes.preview, { s: 'legal', v: '1.0.0-aaaa', e: 1 });
    expect(verify(purposes.fieldSignals, token)).toBeUndefined();
    expect(signer('o'.repeat(32)).verify(purposes.preview, token)).toBeUndefined();
    const [body = '', mac = ''] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ s: 'legal', v: '6.6.6', e: 1 })).toString('base64url');
    expect(verify(purposes.preview, `${forged}.${mac}`)).toBeUndefined();
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    expect(verify(purposes.preview, `${body}.${flipped}`)).toBeUndefined();
    for (const junk of [
      undefined,
      42,
      '',
      'a.b',
      `${body}.`,
      `.${mac}`,
      `${body}.${mac}.x`,
      `${'a'.repeat(3000)}.${mac}`,
    ])
      expect(verify(purposes.preview, junk)).toBeUndefined();
  });

  it('hash a text the same way under one key, differently under another, without showing it', () => {
    const digest = signer(key).digest(purposes.client, '203.0.113.7');
    expect(digest).toBe(signer(key).digest(purposes.client, '203.0.113.7'));
    expect(digest).not.toBe(signer(randomKey()).digest(purposes.client, '203.0.113.7'));
    expect(digest).not.toContain('203');
    expect(digest).toMatch(/^[\w-]{22}$/);
  });

  it('refuse a key too short to be one', () => {
    expect(() => signer('short')).toThrow('SIGNING_KEY must be at least 32 characters');
  });
});

describe("a signed token's time", () => {
  const { sign } = signer(key);
  const now = Date.UTC(2026, 10, 28, 5);
  const tokenPurposes = [purposes.fieldSignals, purposes.preview, purposes.override] as const;
  /** What a token signed for `purpose` with the expiry `e` is at `now`. */
  const timed = (purpose: (typeof tokenPurposes)[number], e: unknown) =>
    timedPayload(signer(key), purpose, sign(purpose, { e }), now);

  it('gives each use of the key a longest lifetime: field signals 15 min, previews 24 h, overrides 12 h', () => {
    expect(tokenPurposes.map((purpose) => purpose.maxLifetimeMs)).toEqual([
      15 * 60_000,
      24 * 3_600_000,
      12 * 3_600_000,
    ]);
  });

  it.each(tokenPurposes)('holds for $label until it expires, at most its longest lifetime from now', (purpose) => {
    const longest = now + purpose.maxLifetimeMs + clockSkewMs;
    expect(timed(purpose, now + 1)).toEqual({ payload: { e: now + 1 } });
    expect(timed(purpose, longest)).toEqual({ payload: { e: longest } });
    expect(timed(purpose, now)).toEqual({ refused: 'expired' });
    expect(timed(purpose, longest + 1)).toEqual({ refused: 'invalid' });
    // The year 275,000: signed with the key, and still no token of ours.
    expect(timed(purpose, Date.UTC(275_000, 0))).toEqual({ refused: 'invalid' });
    for (const e of [undefined, '9999999999999', null]) expect(timed(purpose, e)).toEqual({ refused: 'invalid' });
  });
});

describe('preview tokens', () => {
  const { sign } = signer(key);
  const preview = { slice: 'legal', version: '1.0.0-aaaa', expiresAt: 10_000 };

  it('name a slice version until they expire', () => {
    const token = previewToken(signer(key), preview);
    expect(previewOf(signer(key), token, 9_999)).toEqual(preview);
    expect(previewOf(signer(key), token, 10_000)).toBeUndefined();
  });

  it('last no longer than a preview may: a day from now', () => {
    const now = Date.UTC(2026, 10, 28, 5);
    const lasting = (ms: number) => previewToken(signer(key), { ...preview, expiresAt: now + ms });
    expect(previewOf(signer(key), lasting(previewLifetime.maxMs), now)).toBeDefined();
    expect(previewOf(signer(key), lasting(previewLifetime.maxMs + clockSkewMs + 1), now)).toBeUndefined();
    expect(previewOf(signer(key), lasting(Date.UTC(275_000, 0) - now), now)).toBeUndefined();
  });

  it('are not made of any other signed token', () => {
    const fieldToken = sign(purposes.fieldSignals, { s: 'legal', v: '1.0.0-aaaa', e: 10_000 });
    expect(previewOf(signer(key), fieldToken, 0)).toBeUndefined();
    expect(previewOf(signer(key), sign(purposes.preview, { s: 'legal', v: 1, e: 10_000 }), 0)).toBeUndefined();
    expect(previewOf(signer(key), sign(purposes.preview, null), 0)).toBeUndefined();
  });
});

describe("an environment's key", () => {
  const roots: string[] = [];
  const root = () => {
    const made = mkdtempSync(join(tmpdir(), 'nova-signing-'));
    roots.push(made);
    return made;
  };
  afterEach(() => roots.splice(0).forEach((made) => rmSync(made, { recursive: true, force: true })));

  it('is SIGNING_KEY when set, else the deployment root’s key file, else none', () => {
    const folder = root();
    expect(environmentKey({ env: {}, root: folder })).toBeUndefined();
    const made = localSigningKey(folder);
    expect(localSigningKey(folder)).toBe(made);
    expect(statSync(signingKeyFile(folder)).mode & 0o777).toBe(0o600);
    expect(environmentKey({ env: {}, root: folder })).toBe(made);
    expect(environmentKey({ env: { SIGNING_KEY: key }, root: folder })).toBe(key);
  });

  it('is refused when the file holds too short a key, naming the file', () => {
    const folder = root();
    writeFileSync(signingKeyFile(folder), 'short\n');
    expect(() => environmentKey({ env: {}, root: folder })).toThrow(`${signingKeyFile(folder)} must be at least 32`);
  });
});
