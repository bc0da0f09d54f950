import { describe, expect, it } from 'vitest';
import { games } from './games.ts';
import { parseLaunch } from './launch.ts';
import { portalQuery } from './test-support.ts';

const reasonFor = (query: string) => {
  const result = parseLaunch(query);
  return result.ok ? undefined : result.reason;
};

describe('parseLaunch', () => {
  it.each(['pug_life', 'undead_fortune', 'break_bones', 'alpha_eagle', 'forest_fortune', 'time_spinners'])(
    'accepts what the portal sends for %s',
    (code) => {
      const result = parseLaunch(portalQuery({ gameCode: code }));
      expect(result).toEqual({
        ok: true,
        launch: {
          game: games.find((game) => game.code === code),
          lang: 'en',
          currency: 'EUR',
          channel: 'desktop',
          partner: 'nova-reels-demo',
          seed: undefined,
        },
      });
    },
  );

  it('keeps a seed to make the session reproducible', () => {
    const result = parseLaunch(portalQuery({ seed: 'e2e-1' }));
    expect(result.ok && result.launch.seed).toBe('e2e-1');
  });

  it('refuses a missing or unknown game code and says which', () => {
    expect(reasonFor(portalQuery({ gameCode: null }))).toBe('The launch link names no game.');
    expect(reasonFor(portalQuery({ gameCode: 'mega_jackpot' }))).toBe('There is no game “mega_jackpot” here.');
    expect(reasonFor(portalQuery({ gameCode: 'Pug_Life' }))).toBe('There is no game “Pug_Life” here.');
    expect(reasonFor(portalQuery({ gameCode: 'x'.repeat(500) }))).toBe(`There is no game “${'x'.repeat(40)}…” here.`);
  });

  it('refuses anything but demo play', () => {
    expect(reasonFor(portalQuery({ mode: 'real' }))).toBe('Only demo play is offered here, not “real” play.');
    expect(reasonFor(portalQuery({ mode: null }))).toBe('The launch link does not ask for demo play.');
  });

  it('refuses a launch without a session token', () => {
    expect(reasonFor(portalQuery({ token: null }))).toBe('The launch link carries no session token.');
    expect(reasonFor(portalQuery({ token: '  ' }))).toBe('The launch link carries no session token.');
  });

  it('refuses a missing or malformed currency, and reads a lower-case code', () => {
    expect(reasonFor(portalQuery({ currency: null }))).toBe('The launch link names no currency.');
    expect(reasonFor(portalQuery({ currency: 'EURO' }))).toBe('“EURO” is not a currency code.');
    const result = parseLaunch(portalQuery({ currency: 'usd' }));
    expect(result.ok && result.launch.currency).toBe('USD');
  });

  it('formats for the requested language and falls back to English for a malformed one', () => {
    const lang = (value: string | null) => {
      const result = parseLaunch(portalQuery({ lang: value }));
      return result.ok ? result.launch.lang : undefined;
    };
    expect(lang('de-DE')).toBe('de-DE');
    expect(lang('pt-br')).toBe('pt-BR');
    expect(lang('not a language!')).toBe('en');
    expect(lang(null)).toBe('en');
  });
});
