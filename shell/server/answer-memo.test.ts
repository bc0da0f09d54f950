// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answerMemo } from './answer-memo.mjs';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({
  method,
  url,
  headers: { get: (name: string) => headers[name] ?? null },
});
const answer = (text: string) => ({ status: 200, headers: ['ETag', `"${text}"`], body: text });

describe('the answers of the second', () => {
  it('gives a kept answer to the same request again within the second, for the same map and pages', () => {
    let clock = 10_000;
    const memo = answerMemo({ now: () => clock });
    const state = { map: {}, pages: 1 };
    const given = answer('games');
    memo.set(request('/games', { 'accept-encoding': 'br' }), state, given);
    expect(memo.get(request('/games', { 'accept-encoding': 'br' }), () => state)).toBe(given);
    clock += 999;
    expect(memo.get(request('/games', { 'accept-encoding': 'br' }), () => state)).toBe(given);
    clock += 1;
    expect(memo.get(request('/games', { 'accept-encoding': 'br' }), () => state)).toBeUndefined();
  });

  it('gives none to a request asked otherwise, or once the map or the pages changed', () => {
    const memo = answerMemo({ now: () => 10_000 });
    const state = { map: {}, pages: 1 };
    memo.set(request('/games', { 'accept-encoding': 'br' }), state, answer('games'));
    for (const other of [
      request('/games/pug-life', { 'accept-encoding': 'br' }),
      request('/games', { 'accept-encoding': 'gzip' }),
      request('/games', { 'accept-encoding': 'br' }, 'HEAD'),
      request('/games', { 'accept-encoding': 'br', cookie: 'nova_bucket=3' }),
      request('/games', { 'accept-encoding': 'br', 'if-none-match': '"games"' }),
    ])
      expect(memo.get(other, () => state)).toBeUndefined();
    expect(memo.get(request('/games', { 'accept-encoding': 'br' }), () => ({ ...state, map: {} }))).toBeUndefined();
    expect(memo.get(request('/games', { 'accept-encoding': 'br' }), () => ({ ...state, pages: 2 }))).toBeUndefined();
  });

  it('keeps nothing a visitor sends cookies or a conditional header with, and at most 1024 answers a second', () => {
    const memo = answerMemo({ now: () => 10_000 });
    const state = { map: {}, pages: 1 };
    memo.set(request('/contact', { cookie: 'nova_override=x' }), state, answer('contact'));
    expect(memo.get(request('/contact'), () => state)).toBeUndefined();
    for (let made = 0; made < 1100; made += 1) memo.set(request(`/games/made-up-${made}`), state, answer('nope'));
    expect(memo.get(request('/games/made-up-1023'), () => state)).toBeDefined();
    expect(memo.get(request('/games/made-up-1024'), () => state)).toBeUndefined();
  });
});
