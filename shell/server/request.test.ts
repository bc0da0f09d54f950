// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addressOf, askedOverHttps, namesFile } from './request.mjs';

describe("a request's address", () => {
  it('splits a plain target as it is, and reads any other as the URL parser does, never as a host', () => {
    expect(addressOf('/games/pug-life?preview=x')).toEqual({ pathname: '/games/pug-life', search: '?preview=x' });
    expect(addressOf('//evil.example/x')).toEqual({ pathname: '//evil.example/x', search: '' });
    expect(addressOf('/a/../terms')).toEqual({ pathname: '/terms', search: '' });
    expect(addressOf('http://portal.example/terms?a=1')).toEqual({ pathname: '/terms', search: '?a=1' });
    expect(addressOf('http://[')).toBeUndefined();
  });

  it('names a file when its last segment has an extension', () => {
    expect(namesFile('/assets/main-1234.js')).toBe(true);
    expect(namesFile('/games/pug-life')).toBe(false);
  });
});

describe('https', () => {
  const request = (url: string, proto?: string) => ({
    method: 'GET',
    url,
    headers: { get: (name: string) => (name === 'x-forwarded-proto' ? (proto ?? null) : null) },
  });
  it('is the request URL itself, or what a proxy says in X-Forwarded-Proto', () => {
    expect(askedOverHttps(request('https://nova.example/'))).toBe(true);
    expect(askedOverHttps(request('/', 'https'))).toBe(true);
    expect(askedOverHttps(request('/', 'http'))).toBe(false);
    expect(askedOverHttps(request('http://localhost/'))).toBe(false);
  });
});
