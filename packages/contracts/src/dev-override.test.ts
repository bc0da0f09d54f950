import { describe, expect, it } from 'vitest';
import { parseSetCookie } from 'cookie';
import { overridePatterns, overrideSetCookie } from './dev-override.js';

const cookieNamed = new RegExp(overridePatterns.cookieNamed);
const cookieToken = new RegExp(overridePatterns.cookieToken);
const link = new RegExp(overridePatterns.link);

describe('overridePatterns: what the composer and the edge read as an override', () => {
  it.each([
    ['override=abc.def', true],
    ['x=1&override=abc.def', true],
    ['override=off', true],
    ['override', true],
    ['x=1&override&y=2', true],
    ['', false],
    ['xoverride=1', false],
    ['x=override', false],
    ['overrides=1', false],
    ['%6Fverride=abc', false],
  ])('a query %j asks for one: %s', (query, asked) => {
    expect(link.test(query)).toBe(asked);
  });

  it.each([
    ['nova_override=a.b', 'a.b'],
    ['theme=dark; nova_override=a-b.c_d', 'a-b.c_d'],
    ['a=1;\tnova_override=t ; b=2', 't'],
    ['nova_override=', ''],
  ])('a Cookie header %j holds the token %j', (header, token) => {
    expect(cookieNamed.test(header)).toBe(true);
    expect(cookieToken.exec(header)?.[1]).toBe(token);
  });

  it.each(['theme=dark', 'xnova_override=a', 'NOVA_OVERRIDE=a', 'a=nova_override=b'])(
    'a Cookie header %j names none',
    (header) => {
      expect(cookieNamed.test(header)).toBe(false);
    },
  );

  it('keeps the token for every path, out of reach of scripts, Secure over https', () => {
    expect(parseSetCookie(overrideSetCookie('a.b', 60, false))).toEqual({
      name: 'nova_override',
      value: 'a.b',
      path: '/',
      maxAge: 60,
      httpOnly: true,
      sameSite: 'lax',
    });
    expect(parseSetCookie(overrideSetCookie('', 0, true))).toEqual({
      name: 'nova_override',
      value: '',
      path: '/',
      maxAge: 0,
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
    });
  });
});
