import { describe, expect, it } from 'vitest';
import { longestRequestChain } from './waves.mjs';

const request = (name: string, start: number, end: number) => ({ name, start, end });

describe('longestRequestChain', () => {
  it('counts requests made one after another as one wave each', () => {
    const requests = [request('html', 0, 200), request('app.js', 210, 400), request('page.js', 420, 600)];
    expect(longestRequestChain(requests, 700).map((r) => r.name)).toEqual(['html', 'app.js', 'page.js']);
  });

  it('counts requests in flight together as one wave', () => {
    const requests = [
      request('html', 0, 200),
      request('a.js', 210, 500),
      request('b.js', 220, 450),
      request('map.json', 230, 480),
    ];
    expect(longestRequestChain(requests, 600)).toHaveLength(2);
  });

  it('follows the longest path through overlapping requests', () => {
    const requests = [
      request('html', 0, 100),
      request('slow.js', 110, 900),
      request('fast.js', 110, 200),
      request('entry.js', 210, 300),
      request('chunk.js', 310, 400),
    ];
    expect(longestRequestChain(requests, 1000).map((r) => r.name)).toEqual(['html', 'fast.js', 'entry.js', 'chunk.js']);
  });

  it('leaves out what finished after the moment', () => {
    const requests = [request('html', 0, 100), request('app.js', 110, 300), request('late.js', 310, 900)];
    expect(longestRequestChain(requests, 500)).toHaveLength(2);
  });
});
