// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { composerEnvironment, configFromEnvironment, serverConfig } from './config.mjs';

const required = {
  REMOTE_MAP: '/srv/remotes.json',
  GAME_PROVIDER: 'http://127.0.0.1:4178/launch',
};

describe('the slices and their origins', () => {
  it("are the environment's, in the map, not a setting of the composer's", () => {
    expect(configFromEnvironment(required)).not.toHaveProperty('sliceOrigins');
    expect(configFromEnvironment({ ...required, SLICE_ORIGINS: 'legal=http://localhost:4176' })).toEqual(
      expect.not.objectContaining({ sliceOrigins: expect.anything() }),
    );
  });
});

describe("the composer's settings", () => {
  it('serves /metrics apart, on loopback, and trusts no proxy unless told', () => {
    expect(configFromEnvironment(required)).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      trustedProxies: [],
      randomSigningKey: true,
      bucketChoiceSeconds: 60,
    });
    expect(
      configFromEnvironment({
        ...required,
        METRICS_PORT: '4179',
        METRICS_HOST: '10.0.0.2',
        TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,2001:db8::1',
        SIGNING_KEY: 'k'.repeat(32),
        BUCKET_CHOICE_SECONDS: '5',
      }),
    ).toMatchObject({
      bucketChoiceSeconds: 5,
      metricsPort: 4179,
      metricsHost: '10.0.0.2',
      trustedProxies: ['loopback', '10.0.0.0/8', '2001:db8::1'],
      signingKey: 'k'.repeat(32),
      randomSigningKey: false,
    });
  });

  it('refuses a proxy that is no address, a key too short to sign with and a port that is no number', () => {
    expect(() => configFromEnvironment({ ...required, TRUSTED_PROXIES: '10.0.0.1, *' })).toThrow(
      'TRUSTED_PROXIES: "*" is not an address, a CIDR, loopback, linklocal or uniquelocal.',
    );
    expect(() => configFromEnvironment({ ...required, SIGNING_KEY: 'secret' })).toThrow(
      'SIGNING_KEY must be at least 32',
    );
    expect(() => configFromEnvironment({ ...required, METRICS_PORT: 'metrics' })).toThrow(
      'METRICS_PORT: "metrics" is not a port.',
    );
  });
});

describe('the configuration as an object', () => {
  const given = { remoteMap: '/srv/remotes.json', gameProvider: 'http://127.0.0.1:4178/launch' };

  it('is built from values, checked as the environment is, and needs no map where one is handed in', () => {
    expect(
      serverConfig({ ...given, pageCacheMB: 0, trustedProxies: ['loopback'], overrides: { allowed: true } }),
    ).toMatchObject({
      remoteMap: '/srv/remotes.json',
      gameProvider: 'http://127.0.0.1:4178',
      pageCacheBytes: 0,
      trustedProxies: ['loopback'],
      overrides: { allowed: true, origins: ['loopback'] },
    });
    expect(serverConfig({ gameProvider: given.gameProvider }).remoteMap).toBeUndefined();
  });

  it.each([
    [{ gameProvider: 'ftp://provider.example' }, 'GAME_PROVIDER: "ftp://provider.example" is not an http(s) URL.'],
    [{ pageCacheMB: 1.5 }, 'PAGE_CACHE_MB: "1.5" is not a whole number.'],
    [{ port: -1 }, 'PORT: "-1" is not a port.'],
    [{ trustedProxies: ['*'] }, 'TRUSTED_PROXIES: "*" is not an address'],
    [{ signingKey: 'secret' }, 'SIGNING_KEY must be at least 32'],
    [
      { overrides: { allowed: true, origins: ['https://dev.example/path'] } },
      'OVERRIDE_ORIGINS: "https://dev.example/path" is neither',
    ],
  ])('refuses %j, saying why in the words of its setting', (wrong, message) => {
    expect(() => serverConfig({ ...given, ...wrong })).toThrow(message);
  });

  it('makes a random signing key, once, where none is set', () => {
    const [first, second] = [serverConfig(given), serverConfig(given)];
    expect(first).toMatchObject({ randomSigningKey: true, signingKey: expect.stringMatching(/^.{32,}$/) });
    expect(second.signingKey).not.toBe(first.signingKey);
    expect(serverConfig({ ...given, signingKey: ` ${'k'.repeat(32)} ` })).toMatchObject({
      signingKey: 'k'.repeat(32),
      randomSigningKey: false,
    });
  });

  it('is written into the environment as main.mjs reads it back', () => {
    const settings = {
      ...given,
      port: 4173,
      host: 'localhost',
      workers: 2,
      pageCacheMB: 0,
      bucketChoiceSeconds: 5,
      signingKey: 'k'.repeat(32),
      trustedProxies: ['loopback', '10.0.0.0/8'],
      metricsPort: 0,
      overrides: { allowed: true, origins: ['https://dev.example'] },
    };
    expect(configFromEnvironment(composerEnvironment(settings))).toEqual(serverConfig(settings));
    expect(composerEnvironment(given)).toEqual({
      REMOTE_MAP: '/srv/remotes.json',
      GAME_PROVIDER: 'http://127.0.0.1:4178/launch',
    });
  });
});

describe('main.mjs with a wrong setting', () => {
  it('says what is wrong, without a stack, and exits 1 before it listens', () => {
    const started = spawnSync(process.execPath, [new URL('./main.mjs', import.meta.url).pathname], {
      env: { ...process.env, ...required, FRAGMENT_TIMEOUT_MS: 'nonsense', PORT: '0', METRICS_PORT: '0' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'The composer cannot start. FRAGMENT_TIMEOUT_MS: "nonsense" is not a whole number.',
    );
    expect(started.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('the override settings', () => {
  const overridesOf = (env: Record<string, string>) => configFromEnvironment({ ...required, ...env }).overrides;

  it('are off unless OVERRIDES=allow, to loopback unless OVERRIDE_ORIGINS says', () => {
    expect(overridesOf({})).toEqual({ allowed: false, origins: ['loopback'] });
    expect(overridesOf({ OVERRIDES: 'allow', OVERRIDE_ORIGINS: 'https://dev.example, loopback' })).toEqual({
      allowed: true,
      origins: ['https://dev.example', 'loopback'],
    });
    expect(() => overridesOf({ OVERRIDES: 'yes' })).toThrow('OVERRIDES: "yes" is neither allow nor off.');
    expect(() => overridesOf({ OVERRIDE_ORIGINS: 'https://dev.example/path' })).toThrow(
      'OVERRIDE_ORIGINS: "https://dev.example/path" is neither an http(s) origin nor loopback.',
    );
  });
});
