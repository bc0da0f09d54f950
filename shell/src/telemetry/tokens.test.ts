import { fieldSignalTokenPath } from '@nova/contracts/field-signals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenKeeper, fetchToken, renewBeforeMs, type IssuedToken } from './tokens.ts';

const token = (n: number) => `eyJpIjoi${n}In0.${'s'.repeat(43)}`;

describe('the token keeper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A server the test answers by hand: each request waits until the test gives it a token (or none). */
  function server() {
    const waiting: ((issued: IssuedToken | undefined) => void)[] = [];
    const ask = vi.fn(() => new Promise<IssuedToken | undefined>((resolve) => waiting.push(resolve)));
    const answer = async (issued: IssuedToken | undefined) => {
      waiting.shift()!(issued);
      await vi.advanceTimersByTimeAsync(0);
    };
    return { ask, answer, waiting };
  }

  it('asks for one token when started, hands it over once, and asks for the next meanwhile', async () => {
    const { ask, answer } = server();
    const keeper = createTokenKeeper(ask);
    const arrived = vi.fn();
    keeper.start(arrived);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(keeper.take()).toBeUndefined();
    expect(ask).toHaveBeenCalledTimes(1);
    await answer({ token: token(1), expiresIn: 900 });
    expect(arrived).toHaveBeenCalledTimes(1);
    expect(keeper.take()).toBe(token(1));
    expect(keeper.take()).toBeUndefined();
    expect(ask).toHaveBeenCalledTimes(2);
    await answer({ token: token(2), expiresIn: 900 });
    expect(keeper.take()).toBe(token(2));
  });

  /** A started keeper whose first token (token 1, good for 15 minutes) has arrived. */
  async function holdingOne() {
    const { ask, answer } = server();
    const keeper = createTokenKeeper(ask);
    keeper.start(() => {});
    await answer({ token: token(1), expiresIn: 900 });
    return { keeper, ask, answer };
  }

  it('asks for no next token when the last one is taken as the page goes', async () => {
    const { keeper, ask } = await holdingOne();
    expect(keeper.take({ last: true })).toBe(token(1));
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('replaces its spare a minute before it expires, so the one at hand is always good', async () => {
    const { keeper, ask, answer } = await holdingOne();
    await vi.advanceTimersByTimeAsync(900_000 - renewBeforeMs - 1);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(keeper.take()).toBeUndefined();
    await answer({ token: token(2), expiresIn: 900 });
    expect(keeper.take()).toBe(token(2));
  });

  it('has none after a refusal, and asks again only when one is taken', async () => {
    const { ask, answer } = server();
    const keeper = createTokenKeeper(ask);
    keeper.start(() => {});
    await answer(undefined);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(keeper.take()).toBeUndefined();
    expect(ask).toHaveBeenCalledTimes(2);
  });
});

describe('fetchToken', () => {
  afterEach(() => vi.unstubAllGlobals());
  const serving = (body: unknown, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );

  it('asks the token path, never from a cache', async () => {
    serving({ token: token(1), expiresIn: 900 });
    await expect(fetchToken()).resolves.toEqual({ token: token(1), expiresIn: 900 });
    expect(fetch).toHaveBeenCalledWith(fieldSignalTokenPath, { cache: 'no-store', credentials: 'same-origin' });
  });

  it.each([
    ['a refusal', { token: token(1), expiresIn: 900 }, 429],
    ['no token', { expiresIn: 900 }, 200],
    ['something else', { token: '<script>', expiresIn: 900 }, 200],
    ['no lifetime', { token: token(1) }, 200],
    ['a lifetime of years', { token: token(1), expiresIn: 1e9 }, 200],
  ])('gives none for %s', async (_, body, status) => {
    serving(body, status);
    await expect(fetchToken()).resolves.toBeUndefined();
  });
});
