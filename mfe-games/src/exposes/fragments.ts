import { games } from '@nova/catalogue/games';
import type { FragmentList } from '@nova/contracts/remote-modules';
import { gamePath, routes } from '@nova/contracts/routes';

/** What the build renders to HTML fragments: the collection, and the page of every game in the catalogue. */
export const fragments = [
  { page: 'GamesPage', paths: [routes.games.path] },
  { page: 'GamePage', paths: games.map((game) => gamePath(game.id)) },
] satisfies FragmentList<'games'>;
