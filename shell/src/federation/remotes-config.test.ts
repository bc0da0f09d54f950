import { describe, expect, it } from 'vitest';
import { parseRemotesConfig } from './remotes-config.ts';

const valid = {
  marketing: 'http://localhost:4174/remoteEntry.js',
  games: 'https://games.cdn.example/v42/remoteEntry.js',
  legal: 'http://localhost:4176/remoteEntry.js',
  contact: 'http://localhost:4177/remoteEntry.js',
};

describe('parseRemotesConfig', () => {
  it('accepts an http(s) entry URL for every remote', () => {
    expect(parseRemotesConfig(valid)).toEqual(valid);
  });

  it('ignores names it does not know', () => {
    expect(parseRemotesConfig({ ...valid, extra: 'http://localhost:9999/remoteEntry.js' })).toEqual(valid);
  });

  it.each([null, [], 'http://localhost:4174/remoteEntry.js', 42])('rejects %j as a whole', (json) => {
    expect(() => parseRemotesConfig(json)).toThrow('remotes.json must be an object mapping each remote to its entry URL.');
  });

  it('names a missing remote', () => {
    const { games, ...withoutGames } = valid;
    expect(() => parseRemotesConfig(withoutGames)).toThrow('remotes.json has no valid http(s) entry URL for "games".');
  });

  it.each(['javascript:alert(1)', 'not a url', 'ftp://example.com/remoteEntry.js', '', 7])(
    'rejects the entry %j',
    (entry) => {
      expect(() => parseRemotesConfig({ ...valid, legal: entry })).toThrow('for "legal"');
    },
  );
});
