// @vitest-environment node
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cliOptions } from '../cli-options.js';
import { canaryShare, listOption, originsOption, pathsOption, wholeNumberOption } from './guards.js';

/** The options as the CLI reads them from these arguments, defaults included. */
const optionsOf = (...args: string[]) => parseArgs({ args, options: cliOptions, allowPositionals: true }).values;

describe("the slice CLI's checks of its options", () => {
  it('read whole numbers in their range, naming the option, the range and why', () => {
    expect(canaryShare(optionsOf('--traffic', '10'))).toBe(10);
    expect(() => canaryShare(optionsOf('--traffic', '100'))).toThrow(
      `--traffic: "100" is not a whole number from 1 to 99 (a canary's share of the visitors).`,
    );
    expect(() => canaryShare(optionsOf('--traffic', ''))).toThrow('--traffic: give it a whole number.');
    expect(wholeNumberOption(optionsOf(), 'limit', { min: 1, max: 1000 })).toBe(30);
    expect(() => wholeNumberOption(optionsOf('--limit', '0'), 'limit', { min: 1, max: 1000 })).toThrow(
      '--limit: "0" is not a whole number from 1 to 1000.',
    );
  });

  it('read a list, at least one name', () => {
    expect(listOption(optionsOf('--slices', 'legal, games,'), 'slices')).toEqual(['legal', 'games']);
    expect(() => listOption(optionsOf('--slices', ' , '), 'slices')).toThrow(
      'Give --slices as a comma-separated list.',
    );
  });

  it("read --origins as each slice's origins, a slice named again for a failover", () => {
    expect(
      originsOption(
        optionsOf(
          '--origins',
          'legal=http://localhost:4176,games=https://games.cdn.example/,games=http://localhost:4175',
        ),
      ),
    ).toEqual({ legal: ['http://localhost:4176'], games: ['https://games.cdn.example', 'http://localhost:4175'] });
  });

  it('take a slice the site does not have yet, for the environment to add', () => {
    expect(originsOption(optionsOf('--origins', 'blog=http://localhost:4190'))).toEqual({
      blog: ['http://localhost:4190'],
    });
  });

  it('refuse a pair that is no slice=origin, of no slice name, or of no http(s) origin', () => {
    expect(() => originsOption(optionsOf('--origins', 'http://localhost:4176'))).toThrow(
      '--origins: "http://localhost:4176" is not <slice>=<origin>',
    );
    expect(() => originsOption(optionsOf('--origins', 'Blog=http://localhost:4176'))).toThrow(
      '--origins: "Blog" is not a slice name (^[a-z][a-z0-9-]{0,31}$).',
    );
    expect(() => originsOption(optionsOf('--origins', 'legal=localhost:4176'))).toThrow(
      '--origins (legal): "localhost:4176" is not an http(s) URL.',
    );
  });

  it("read each slice's paths, exact paths and prefixes, refusing what an environment does not take", () => {
    expect(pathsOption(optionsOf('--paths', 'games=/games/*,games=/shop,news=/news'))).toEqual({
      games: ['/games/*', '/shop'],
      news: ['/news'],
    });
    expect(() => pathsOption(optionsOf('--paths', '/games/*'))).toThrow(
      '--paths: "/games/*" is not <slice>=<path> (e.g. games=/games/*).',
    );
    expect(() => pathsOption(optionsOf('--paths', 'games=/games/:id'))).toThrow(
      '--paths (games): the path "/games/:id" names a parameter: an environment gives exact paths and prefixes (/games/*).',
    );
    expect(() => pathsOption(optionsOf('--paths', 'games=games'))).toThrow(
      '--paths (games): the path must start with / and be at most 200 characters.',
    );
  });
});
