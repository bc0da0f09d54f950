import { describe, expect, it } from 'vitest';
import { demoAddress, providerBaseUrl } from './demo-address.ts';

const base = new URL('https://demo.provider.test/launch');

describe('demoAddress', () => {
  it('puts the game and every launch parameter on the provider base address', () => {
    const address = new URL(demoAddress('time-spinners', base)!);
    expect(address.origin + address.pathname).toBe('https://demo.provider.test/launch');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      gameCode: 'time_spinners',
      lang: 'en',
      channel: 'desktop',
      mode: 'demo',
      currency: 'EUR',
      partner: 'nova-reels-demo',
      token: 'demo-session-placeholder',
    });
  });

  it('keeps parameters the configured base address already has', () => {
    const address = new URL(demoAddress('pug-life', new URL('https://demo.provider.test/launch?brand=nova'))!);
    expect(address.searchParams.get('brand')).toBe('nova');
    expect(address.searchParams.get('gameCode')).toBe('pug_life');
  });

  it('gives no address for an id the catalogue does not map', () => {
    expect(demoAddress('mega-jackpot', base)).toBeUndefined();
    expect(demoAddress('<script>alert(1)</script>', base)).toBeUndefined();
  });

  it('reads the provider from the deployment configuration', () => {
    expect(providerBaseUrl().protocol).toBe('https:');
    expect(providerBaseUrl('https://other.provider.test/x').host).toBe('other.provider.test');
  });

  it('refuses a missing or malformed provider address', () => {
    expect(() => providerBaseUrl('')).toThrow('VITE_GAME_DEMO_BASE_URL');
    expect(() => providerBaseUrl('not a url')).toThrow('VITE_GAME_DEMO_BASE_URL');
  });
});
