import { games, type Game } from '@nova/catalogue/games';
import { describe, expect, it } from 'vitest';
import { similarGames, similarGamesCount } from './similar-games.ts';

const game = (id: string) => ({ ...games[0]!, id, title: id }) satisfies Game;

describe('similarGames', () => {
  it('is the first three games of the catalogue, in catalogue order', () => {
    expect(similarGamesCount).toBe(3);
    expect(similarGames().map((candidate) => candidate.id)).toEqual(['pug-life', 'undead-fortune', 'break-bones']);
  });

  it('follows the catalogue it is given', () => {
    const catalogue = ['a', 'b', 'c', 'd', 'e'].map(game);
    expect(similarGames(catalogue).map((candidate) => candidate.id)).toEqual(['a', 'b', 'c']);
  });

  it('lists every game of a catalogue shorter than three', () => {
    expect(similarGames([game('only')]).map((candidate) => candidate.id)).toEqual(['only']);
    expect(similarGames([])).toEqual([]);
  });
});
