// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  commaList,
  httpOrigin,
  originPairs,
  originPairsText,
  portNumber,
  slicePairs,
  wholeNumber,
} from './settings.js';

const slices = ['marketing', 'games', 'legal', 'contact'];

describe('wholeNumber', () => {
  it("reads a setting's digits or a caller's number; unset or '' is undefined", () => {
    expect(wholeNumber('PAGE_CACHE_MB', '64')).toBe(64);
    expect(wholeNumber('PAGE_CACHE_MB', ' 0 ')).toBe(0);
    expect(wholeNumber('PAGE_CACHE_MB', 12)).toBe(12);
    expect(wholeNumber('PAGE_CACHE_MB', undefined)).toBeUndefined();
    expect(wholeNumber('PAGE_CACHE_MB', '')).toBeUndefined();
  });

  it('refuses anything else, naming the setting and the value', () => {
    for (const value of ['-1', '1.5', '1e3', '0x10', 'ten', ' ', '99999999999999999999', -1, 2.5, Number.NaN])
      expect(() => wholeNumber('PAGE_CACHE_MB', value)).toThrow(`PAGE_CACHE_MB: "${value}" is not a whole number.`);
  });

  it('says the range it wants, and why, when there is one', () => {
    const share = { min: 1, max: 99, note: "a canary's share of the visitors" };
    expect(wholeNumber('--traffic', '99', share)).toBe(99);
    for (const value of ['0', '100'])
      expect(() => wholeNumber('--traffic', value, share)).toThrow(
        `--traffic: "${value}" is not a whole number from 1 to 99 (a canary's share of the visitors).`,
      );
    expect(() => wholeNumber('--limit', '0', { min: 1 })).toThrow('--limit: "0" is not a whole number of at least 1.');
  });
});

describe('portNumber', () => {
  it('is a whole number up to 65535, 0 for any free port', () => {
    expect(portNumber('PORT', '4182')).toBe(4182);
    expect(portNumber('PORT', '0')).toBe(0);
    expect(portNumber('PORT', 65535)).toBe(65535);
    expect(portNumber('PORT', undefined)).toBeUndefined();
    for (const value of ['http', '65536', '-1', '80.5'])
      expect(() => portNumber('PORT', value)).toThrow(`PORT: "${value}" is not a port.`);
  });

  it('refuses 0 where a port must be a real one', () => {
    expect(() => portNumber('--port', '0', { min: 1 })).toThrow('--port: "0" is not a port from 1 to 65535.');
  });
});

describe('commaList', () => {
  it('trims the items and drops empty ones', () => {
    expect(commaList(' a, b ,,c,')).toEqual(['a', 'b', 'c']);
    expect(commaList('')).toEqual([]);
    expect(commaList(undefined)).toEqual([]);
  });
});

describe('httpOrigin', () => {
  it("keeps an http(s) URL's origin", () => {
    expect(httpOrigin('GAME_PROVIDER', 'https://demo.provider.example/launch?x=1')).toBe(
      'https://demo.provider.example',
    );
    expect(httpOrigin('GAME_PROVIDER', 'http://localhost:4178/')).toBe('http://localhost:4178');
  });

  it('refuses another scheme or no URL', () => {
    for (const value of ['ftp://files.example', 'javascript:alert(1)', 'localhost:4178', ''])
      expect(() => httpOrigin('GAME_PROVIDER', value)).toThrow(`GAME_PROVIDER: "${value}" is not an http(s) URL.`);
  });
});

describe('originPairs', () => {
  it("reads each slice's origins in order, a slice named once per origin", () => {
    expect(
      originPairs(
        'SLICE_ORIGINS',
        ' legal = https://legal.cdn.example/ ,games=http://localhost:4175,legal=https://legal-b.cdn.example',
        slices,
      ),
    ).toEqual({
      legal: ['https://legal.cdn.example', 'https://legal-b.cdn.example'],
      games: ['http://localhost:4175'],
    });
    expect(originPairs('SLICE_ORIGINS', 'legal=http://a.example,legal=http://a.example/', slices)).toEqual({
      legal: ['http://a.example'],
    });
    expect(originPairs('SLICE_ORIGINS', '', slices)).toEqual({});
    expect(originPairs('SLICE_ORIGINS', undefined, slices)).toEqual({});
  });

  it('refuses a pair without = or a name, naming the setting', () => {
    for (const pair of ['legal', '=https://legal.cdn.example'])
      expect(() => originPairs('--origins', pair, slices)).toThrow(
        `--origins: "${pair}" is not <slice>=<origin> (e.g. marketing=https://marketing.cdn.example).`,
      );
  });

  it('refuses a slice the caller does not list, naming those it does', () => {
    expect(() => originPairs('SLICE_ORIGINS', 'blog=https://blog.example', slices)).toThrow(
      'SLICE_ORIGINS: "blog" is not a slice of this site (marketing, games, legal, contact).',
    );
  });

  it('refuses an origin that is not an http(s) URL, naming the slice', () => {
    expect(() => originPairs('SLICE_ORIGINS', 'legal=ftp://legal.example', slices)).toThrow(
      'SLICE_ORIGINS (legal): "ftp://legal.example" is not an http(s) URL.',
    );
    expect(() => originPairs('SLICE_ORIGINS', 'legal=', slices)).toThrow(
      'SLICE_ORIGINS (legal): "" is not an http(s) URL.',
    );
  });

  it('takes any slice a pattern matches, for slices an environment adds', () => {
    expect(originPairs('--origins', 'news=https://news.example,news=https://news-b.example', /^[a-z]+$/)).toEqual({
      news: ['https://news.example', 'https://news-b.example'],
    });
    expect(() => originPairs('--origins', 'News=https://news.example', /^[a-z]+$/)).toThrow(
      '--origins: "News" is not a slice name (^[a-z]+$).',
    );
    expect(() => originPairs('--origins', '__proto__=https://x.example', /^[a-z_]+$/)).not.toThrow();
  });
});

describe('slicePairs', () => {
  const paths = (value: string) =>
    slicePairs('--paths', value, {
      slices: /^[a-z]+$/,
      kind: 'path',
      example: (slice) => `${slice}=/${slice}/*`,
      read: (path, where) => {
        if (!path.startsWith('/')) throw new Error(`${where}: "${path}" is not a path.`);
        return path;
      },
    });

  it("reads each slice's values in order, each once, checked by the caller's reader", () => {
    expect(paths('games=/games/*, legal=/terms,legal=/privacy,legal=/terms')).toEqual({
      games: ['/games/*'],
      legal: ['/terms', '/privacy'],
    });
    expect(paths('')).toEqual({});
  });

  it('says what a pair is, and which value of which slice it refuses', () => {
    expect(() => paths('/games/*')).toThrow('--paths: "/games/*" is not <slice>=<path> (e.g. legal=/legal/*).');
    expect(() => paths('games=games')).toThrow('--paths (games): "games" is not a path.');
  });
});

describe('originPairsText', () => {
  it('writes what originPairs reads back', () => {
    const origins = {
      legal: ['https://legal.cdn.example', 'https://legal-b.cdn.example'],
      games: ['http://g.example'],
    };
    const text = originPairsText(origins);
    expect(text).toBe('legal=https://legal.cdn.example,legal=https://legal-b.cdn.example,games=http://g.example');
    expect(originPairs('SLICE_ORIGINS', text, slices)).toEqual(origins);
    expect(originPairsText({ legal: undefined })).toBe('');
  });
});
