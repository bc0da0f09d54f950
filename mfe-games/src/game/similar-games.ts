import { games, type Game } from '@nova/catalogue/games';

/** How many games the game page suggests. */
export const similarGamesCount = 3;

/** Similar Games: the first games of the catalogue, whichever game is being shown. */
export function similarGames(catalogue: readonly Game[] = games): readonly Game[] {
  return catalogue.slice(0, similarGamesCount);
}
