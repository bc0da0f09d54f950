import { describe, expect, it } from 'vitest';
import { routes, splitPage } from './routes.js';
import { slices } from './slices.js';

describe('splitPage', () => {
  it('names the remote of every routed page and the name that remote exposes it under', () => {
    for (const { page } of Object.values(routes)) {
      const { remote, exposed } = splitPage(page);
      expect(`${remote}/${exposed}`).toBe(page);
      expect(slices[remote].exposes).toContain(exposed);
    }
    expect(splitPage('games/GamePage')).toEqual({ remote: 'games', exposed: 'GamePage' });
  });
});
