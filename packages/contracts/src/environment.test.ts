import { describe, expect, it } from 'vitest';
import { environmentProblems, ownerOf, pathRuleProblem, ruleCovers, workspaceEnvironment } from './environment.js';

const local = {
  slices: {
    marketing: { origins: ['http://localhost:4174'], paths: ['/'] },
    games: { origins: ['http://localhost:4175', 'http://localhost:4185'], paths: ['/games/*'] },
    legal: { origins: ['http://localhost:4176'], paths: ['/terms-and-conditions', '/privacy-policy'] },
    contact: { origins: ['http://localhost:4177'], paths: ['/contact'] },
  },
};

describe('an environment', () => {
  it('gives each slice its origins and paths, and every address one owner at most', () => {
    expect(environmentProblems(local)).toEqual([]);
    expect(ownerOf(local, '/')).toBe('marketing');
    expect(ownerOf(local, '/games')).toBe('games');
    expect(ownerOf(local, '/games/new/x')).toBe('games');
    expect(ownerOf(local, '/privacy-policy')).toBe('legal');
    expect(ownerOf(local, '/nope')).toBeUndefined();
  });

  it("refuses a slice's paths inside another's: an address has one owner by the paths alone", () => {
    const nested = {
      slices: {
        games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
        launches: { origins: ['http://localhost:4180'], paths: ['/games/new/launches/*', '/elsewhere'] },
      },
    };
    expect(environmentProblems(nested)).toEqual([
      "games's /games/* and launches's /games/new/launches/* overlap: every address has one slice at most.",
    ]);
  });

  it.each([
    [{ slices: { shop: { origins: ['ftp://x'], paths: ['/shop'] } } }, /origins are 1 to 8 http\(s\) origins/],
    [{ slices: { shop: { origins: ['https://shop.example/path'], paths: ['/shop'] } } }, /origins/],
    [{ slices: { shop: { origins: ['https://a.example', 'https://a.example'], paths: ['/shop'] } } }, /each once/],
    [{ slices: { shop: { origins: ['https://a.example'], paths: [] } } }, /paths are 1 to 32/],
    [{ slices: { shop: { origins: ['https://a.example'], paths: ['/shop/:id'] } } }, /names a parameter/],
    [{ slices: { __proto__x: { origins: ['https://a.example'], paths: ['/x'] } } }, /is not a slice name/],
    [
      {
        slices: {
          a: { origins: ['https://a.example'], paths: ['/x/*'] },
          b: { origins: ['https://b.example'], paths: ['/x/y'] },
        },
      },
      /overlap/,
    ],
    [{ microFrontends: {} }, /lists its slices/],
  ])('refuses %j', (environment, problem) => {
    expect(environmentProblems(environment).join(' ')).toMatch(problem);
  });
});

describe('a path rule', () => {
  it('is an exact address, or a prefix that covers itself and everything below it', () => {
    expect(pathRuleProblem('/games/*')).toBeUndefined();
    expect(pathRuleProblem('/')).toBeUndefined();
    expect(ruleCovers('/games/*', '/games')).toBe(true);
    expect(ruleCovers('/games/*', '/games/:gameId')).toBe(true);
    expect(ruleCovers('/games/*', '/gamesx')).toBe(false);
    expect(ruleCovers('/', '/')).toBe(true);
    expect(ruleCovers('/', '/games')).toBe(false);
    expect(ruleCovers('/contact', '/contact/:x')).toBe(false);
  });
});

describe("the workspace's environment", () => {
  it('gives each of the four slices its origins and the paths slices.js names, a valid environment', () => {
    const environment = workspaceEnvironment((slice) => [`https://${slice}.example`]);
    expect(environment.slices.games).toEqual({ origins: ['https://games.example'], paths: ['/games/*'] });
    expect(Object.keys(environment.slices)).toEqual(['marketing', 'games', 'legal', 'contact']);
    expect(environmentProblems(environment)).toEqual([]);
    expect(ownerOf(environment, '/privacy-policy')).toBe('legal');
  });
});
