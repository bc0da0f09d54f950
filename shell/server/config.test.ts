// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { serverConfig } from './config.mjs';

const required = {
  REMOTE_MAP: '/srv/remotes.json',
  SLICE_ORIGINS: 'http://localhost:4174',
  GAME_PROVIDER: 'http://127.0.0.1:4178/launch',
};

describe("the composing server's settings", () => {
  it('serves /metrics apart, on loopback, and trusts no proxy unless told', () => {
    expect(serverConfig(required)).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      trustedProxies: [],
      signingKey: undefined,
    });
    expect(
      serverConfig({
        ...required,
        METRICS_PORT: '4179',
        METRICS_HOST: '10.0.0.2',
        TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,2001:db8::1',
        SIGNING_KEY: 'k'.repeat(32),
      }),
    ).toMatchObject({
      metricsPort: 4179,
      metricsHost: '10.0.0.2',
      trustedProxies: ['loopback', '10.0.0.0/8', '2001:db8::1'],
      signingKey: 'k'.repeat(32),
    });
  });

  it('refuses a proxy that is no address, a key too short to sign with and a port that is no number', () => {
    expect(() => serverConfig({ ...required, TRUSTED_PROXIES: '10.0.0.1, *' })).toThrow(
      'TRUSTED_PROXIES: "*" is not an address, a CIDR, loopback, linklocal or uniquelocal.',
    );
    expect(() => serverConfig({ ...required, SIGNING_KEY: 'secret' })).toThrow('SIGNING_KEY must be at least 32');
    expect(() => serverConfig({ ...required, METRICS_PORT: 'metrics' })).toThrow(
      'METRICS_PORT: "metrics" is not a whole number.',
    );
  });
});
