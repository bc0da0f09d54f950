// @vitest-environment node
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { discoverySettings } from './settings.mjs';

const adminToken = randomBytes(32).toString('base64url');
const makeOne = `Make one: DISCOVERY_ADMIN_TOKEN=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")`;

describe("the service's settings", () => {
  it("need the administrator's token, of at least 32 characters, and say how to make one", () => {
    expect(() => discoverySettings({})).toThrow(
      `Set DISCOVERY_ADMIN_TOKEN: the administrator's token, random, at least 32 characters (required). ${makeOne}`,
    );
    expect(() => discoverySettings({ DISCOVERY_ADMIN_TOKEN: 'short' })).toThrow('; the one given has 5.');
  });

  it('refuse a token that does not look random, however long, and say how to make one', () => {
    const refusal = (token: string) => {
      try {
        discoverySettings({ DISCOVERY_ADMIN_TOKEN: token });
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (const weak of [
      'a'.repeat(32),
      'password'.repeat(4),
      'password'.repeat(40),
      'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      'ab'.repeat(16) + '0123456789'.repeat(3),
      randomBytes(8).toString('hex').repeat(4),
    ]) {
      const message = refusal(weak);
      expect(message, weak).toMatch(
        /^DISCOVERY_ADMIN_TOKEN does not look random: about \d+ bits by a rough estimate, at least 128 wanted /,
      );
      expect(message?.endsWith(makeOne), message).toBe(true);
      expect(message).not.toContain(weak);
    }
  });

  it('take every token made as the message says, and as openssl makes them', () => {
    for (let round = 0; round < 1000; round += 1) {
      const bytes = randomBytes(32);
      for (const token of [bytes.toString('base64url'), bytes.toString('base64'), bytes.toString('hex')])
        expect(discoverySettings({ DISCOVERY_ADMIN_TOKEN: token }).adminToken).toBe(token);
    }
  });

  it('default to port 4182 and a cluster of its own in discovery/data', () => {
    const settings = discoverySettings({ DISCOVERY_ADMIN_TOKEN: adminToken });
    expect(settings).toMatchObject({ port: 4182, host: undefined, databaseUrl: undefined, adminToken });
    expect(settings.dataDir).toBe(join(import.meta.dirname, '../data'));
    expect(
      discoverySettings({ DISCOVERY_ADMIN_TOKEN: adminToken, PORT: '5000', DISCOVERY_DATA: '/srv/pg' }),
    ).toMatchObject({
      port: 5000,
      dataDir: '/srv/pg',
    });
  });

  it('refuse a port or a database URL that is not one', () => {
    expect(() => discoverySettings({ DISCOVERY_ADMIN_TOKEN: adminToken, PORT: 'http' })).toThrow(
      'PORT: "http" is not a port.',
    );
    expect(() => discoverySettings({ DISCOVERY_ADMIN_TOKEN: adminToken, DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL: a postgresql:// connection URL.',
    );
  });

  it('stop the service at start, saying why, without a stack trace', async () => {
    const env = { ...process.env, DISCOVERY_ADMIN_TOKEN: '' };
    const failed = await promisify(execFile)(process.execPath, [join(import.meta.dirname, '../main.mjs')], {
      env,
    }).catch((error) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^Set DISCOVERY_ADMIN_TOKEN: /);
    expect(failed.stderr).not.toContain('    at ');
  });
});
