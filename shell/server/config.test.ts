// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { composerEnvironment, configFromEnvironment, parseSliceOrigins, serverConfig } from './config.mjs';

const everySlice =
  'marketing=http://localhost:4174,games=http://localhost:4175,legal=http://localhost:4176,contact=http://localhost:4177';
const required = {
  REMOTE_MAP: '/srv/remotes.json',
  GAME_PROVIDER: 'http://127.0.0.1:4178/launch',
};

describe('SLICE_ORIGINS', () => {
  it('says which origin serves which slice, several for one where it is named more than once', () => {
    expect(parseSliceOrigins(`${everySlice}, legal=https://legal.cdn.example/ignored/path `)).toEqual({
      marketing: ['http://localhost:4174'],
      games: ['http://localhost:4175'],
      legal: ['http://localhost:4176', 'https://legal.cdn.example'],
      contact: ['http://localhost:4177'],
    });
  });

  it('is what the composer is configured with', () => {
    expect(configFromEnvironment({ ...required, SLICE_ORIGINS: everySlice }).sliceOrigins.games).toEqual([
      'http://localhost:4175',
    ]);
  });

  it.each([
    [
      'http://localhost:4174,http://localhost:4175',
      'SLICE_ORIGINS: "http://localhost:4174" is not <slice>=<origin> (e.g. marketing=https://marketing.cdn.example).',
    ],
    [
      `${everySlice},shop=http://localhost:4179`,
      'SLICE_ORIGINS: "shop" is not a slice of this site (marketing, games, legal, contact).',
    ],
    [`${everySlice},legal=ftp://files.example`, 'SLICE_ORIGINS (legal): "ftp://files.example" is not an http(s) URL.'],
    [`${everySlice},legal=`, 'SLICE_ORIGINS (legal): "" is not an http(s) URL.'],
    [
      'marketing=http://localhost:4174,games=http://localhost:4175',
      'SLICE_ORIGINS names no origin for legal, contact: give each slice its own (e.g. legal=https://legal.cdn.example).',
    ],
  ])('refuses %j at start, saying why', (value, message) => {
    expect(() => configFromEnvironment({ ...required, SLICE_ORIGINS: value })).toThrow(message);
  });
});

describe("the composer's settings", () => {
  it('serves /metrics apart, on loopback, and trusts no proxy unless told', () => {
    expect(configFromEnvironment({ ...required, SLICE_ORIGINS: everySlice })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      trustedProxies: [],
      randomSigningKey: true,
      bucketChoiceSeconds: 60,
    });
    expect(
      configFromEnvironment({
        ...required,
        SLICE_ORIGINS: everySlice,
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
    expect(() =>
      configFromEnvironment({ ...required, SLICE_ORIGINS: everySlice, TRUSTED_PROXIES: '10.0.0.1, *' }),
    ).toThrow('TRUSTED_PROXIES: "*" is not an address, a CIDR, loopback, linklocal or uniquelocal.');
    expect(() => configFromEnvironment({ ...required, SLICE_ORIGINS: everySlice, SIGNING_KEY: 'secret' })).toThrow(
      'SIGNING_KEY must be at least 32',
    );
    expect(() => configFromEnvironment({ ...required, SLICE_ORIGINS: everySlice, METRICS_PORT: 'metrics' })).toThrow(
      'METRICS_PORT: "metrics" is not a port.',
    );
  });
});

describe('the configuration as an object', () => {
  const sliceOrigins = parseSliceOrigins(everySlice);
  const given = { remoteMap: '/srv/remotes.json', sliceOrigins, gameProvider: 'http://127.0.0.1:4178/launch' };

  it('is built from values, checked as the environment is, and needs no map where one is handed in', () => {
    expect(
      serverConfig({ ...given, pageCacheMB: 0, trustedProxies: ['loopback'], overrides: { allowed: true } }),
    ).toMatchObject({
      remoteMap: '/srv/remotes.json',
      sliceOrigins,
      gameProvider: 'http://127.0.0.1:4178',
      pageCacheBytes: 0,
      trustedProxies: ['loopback'],
      overrides: { allowed: true, origins: ['loopback'] },
    });
    expect(serverConfig({ sliceOrigins, gameProvider: given.gameProvider }).remoteMap).toBeUndefined();
  });

  it.each([
    [
      { sliceOrigins: { ...sliceOrigins, legal: ['ftp://files.example'] } },
      'SLICE_ORIGINS (legal): "ftp://files.example" is not an http(s) URL.',
    ],
    [
      { sliceOrigins: { ...sliceOrigins, shop: ['http://localhost:4179'] } },
      'SLICE_ORIGINS: "shop" is not a slice of this site',
    ],
    [{ sliceOrigins: { ...sliceOrigins, contact: [] } }, 'SLICE_ORIGINS names no origin for contact'],
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
      SLICE_ORIGINS: everySlice,
      GAME_PROVIDER: 'http://127.0.0.1:4178/launch',
    });
  });
});

describe('main.mjs with a wrong setting', () => {
  it('says what is wrong, without a stack, and exits 1 before it listens', () => {
    const started = spawnSync(process.execPath, [new URL('./main.mjs', import.meta.url).pathname], {
      env: { ...process.env, ...required, SLICE_ORIGINS: 'nonsense', PORT: '0', METRICS_PORT: '0' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('The composer cannot start. SLICE_ORIGINS: "nonsense" is not <slice>=<origin>');
    expect(started.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('the override settings', () => {
  const overridesOf = (env: Record<string, string>) =>
    configFromEnvironment({ ...required, SLICE_ORIGINS: everySlice, ...env }).overrides;

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
