// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseSliceOrigins, serverConfig, sliceOriginsSetting } from './config.mjs';

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
    expect(serverConfig({ ...required, SLICE_ORIGINS: everySlice }).sliceOrigins.games).toEqual([
      'http://localhost:4175',
    ]);
  });

  it('is written back as it is read', () => {
    expect(sliceOriginsSetting(parseSliceOrigins(everySlice))).toBe(everySlice);
  });

  it.each([
    [
      'http://localhost:4174,http://localhost:4175',
      'SLICE_ORIGINS: "http://localhost:4174" is not <slice>=<origin> (e.g. legal=https://legal.cdn.example).',
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
    expect(() => serverConfig({ ...required, SLICE_ORIGINS: value })).toThrow(message);
  });
});

describe("the composer's settings", () => {
  it('serves /metrics apart, on loopback, and trusts no proxy unless told', () => {
    expect(serverConfig({ ...required, SLICE_ORIGINS: everySlice })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      trustedProxies: [],
      signingKey: undefined,
      bucketChoiceSeconds: 60,
    });
    expect(
      serverConfig({
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
    });
  });

  it('refuses a proxy that is no address, a key too short to sign with and a port that is no number', () => {
    expect(() => serverConfig({ ...required, SLICE_ORIGINS: everySlice, TRUSTED_PROXIES: '10.0.0.1, *' })).toThrow(
      'TRUSTED_PROXIES: "*" is not an address, a CIDR, loopback, linklocal or uniquelocal.',
    );
    expect(() => serverConfig({ ...required, SLICE_ORIGINS: everySlice, SIGNING_KEY: 'secret' })).toThrow(
      'SIGNING_KEY must be at least 32',
    );
    expect(() => serverConfig({ ...required, SLICE_ORIGINS: everySlice, METRICS_PORT: 'metrics' })).toThrow(
      'METRICS_PORT: "metrics" is not a whole number.',
    );
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
