// @vitest-environment node
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { discoverySettings } from './settings.mjs';

const adminToken = 'a'.repeat(32);

describe("the service's settings", () => {
  it("need the administrator's token, of at least 32 characters", () => {
    expect(() => discoverySettings({})).toThrow(
      /^Set DISCOVERY_ADMIN_TOKEN: the administrator's token, at least 32 characters \(required\)\. For example:/,
    );
    expect(() => discoverySettings({ DISCOVERY_ADMIN_TOKEN: 'short' })).toThrow('; the one given has 5.');
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
