import { deploymentSetting } from '@nova/tooling/deployment-env';
import { describe, expect, it } from 'vitest';
import { demoAddress, providerBaseUrl } from './demo-address.ts';
import { games } from './games.ts';

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

  it('gives every game of the catalogue its own address on the configured provider', () => {
    const addresses = games.map((game) => new URL(demoAddress(game.id)!));
    for (const address of addresses) expect(address.origin).toBe(providerBaseUrl().origin);
    expect(new Set(addresses.map((address) => address.searchParams.get('gameCode'))).size).toBe(games.length);
  });

  it('gives no address for an id the catalogue does not map', () => {
    for (const id of [
      'mega-jackpot',
      '',
      'Pug-Life',
      'pug_life',
      '<script>alert(1)</script>',
      'pug-life%2F..',
      'x'.repeat(10_000),
    ]) {
      expect(demoAddress(id, base)).toBeUndefined();
    }
  });

  it('reads the provider from the deployment configuration (.env), http or https', () => {
    const configured = deploymentSetting('VITE_GAME_DEMO_BASE_URL');
    expect(providerBaseUrl().href).toBe(new URL(configured!).href);
    expect(providerBaseUrl('https://other.provider.test/x').host).toBe('other.provider.test');
    expect(providerBaseUrl('http://localhost:4178/launch').port).toBe('4178');
  });

  it('refuses a missing or malformed provider address', () => {
    expect(() => providerBaseUrl('')).toThrow('VITE_GAME_DEMO_BASE_URL');
    expect(() => providerBaseUrl('not a url')).toThrow('VITE_GAME_DEMO_BASE_URL');
    expect(() => providerBaseUrl('javascript:alert(1)')).toThrow('VITE_GAME_DEMO_BASE_URL');
    expect(() => providerBaseUrl('data:text/html,<script>alert(1)</script>')).toThrow('VITE_GAME_DEMO_BASE_URL');
  });
});
