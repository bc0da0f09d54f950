import { afterEach, describe, expect, it } from 'vitest';
import { canonicalPath } from '@nova/contracts/routes';
import { replaceWithCanonicalPath } from './canonical-path.ts';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/games', '/games'],
    ['/games/pug-life', '/games/pug-life'],
    ['/games/', '/games'],
    ['/contact/', '/contact'],
    ['/GAMES', '/games'],
    ['/Games/Pug-Life/', '/games/pug-life'],
    ['//games', '/games'],
    ['/games//pug-life', '/games/pug-life'],
    ['///contact///', '/contact'],
    ['//', '/'],
    ['/games/%3Cscript%3E', '/games/%3cscript%3e'],
    ['/games/..%2F..%2Fetc%2Fpasswd', '/games/..%2f..%2fetc%2fpasswd'],
  ])('%s → %s', (typed, canonical) => {
    expect(canonicalPath(typed)).toBe(canonical);
  });
});

describe('replaceWithCanonicalPath', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('replaces the current entry, keeping the query, the fragment and the history state', () => {
    window.history.pushState({ kept: true }, '', '/Games//Pug-Life/?q=1#how-to-play');
    const entries = window.history.length;
    replaceWithCanonicalPath();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/games/pug-life?q=1#how-to-play',
    );
    expect(window.history.state).toEqual({ kept: true });
    expect(window.history.length).toBe(entries);
  });

  it('leaves a canonical address alone', () => {
    window.history.pushState({ kept: true }, '', '/games?q=1');
    replaceWithCanonicalPath();
    expect(window.location.href).toBe(new URL('/games?q=1', window.location.origin).href);
  });
});
