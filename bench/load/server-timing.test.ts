import { describe, expect, it } from 'vitest';
import { serverTimings } from './server-timing.mjs';

describe('serverTimings', () => {
  it('reads each named duration in ms, and skips metrics without one', () => {
    expect(serverTimings('cache;desc=miss, fragment;dur=0.4, render;dur=3.2, compress;dur=1.5')).toEqual({
      fragment: 0.4,
      render: 3.2,
      compress: 1.5,
    });
  });

  it('reads a metric whose duration is not its first parameter', () => {
    expect(serverTimings('db;desc="a query";dur=12')).toEqual({ db: 12 });
  });

  it('has nothing for no header', () => {
    expect(serverTimings(undefined)).toEqual({});
    expect(serverTimings('cache;desc=hit')).toEqual({});
  });
});
