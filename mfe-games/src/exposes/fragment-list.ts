import { games } from '@nova/catalogue/games';
import type { FragmentList } from '@nova/contracts/remote-modules';
import { gamePath, routes } from '@nova/contracts/routes';

/**
 * What the build renders to HTML fragments: the collection, the page of every game in the
 * catalogue, and Game Not Found for any other game address (an id the catalogue does not know).
 */
export const fragments = [
  { page: 'GamesPage', paths: [routes.games.path] },
  { page: 'GamePage', paths: games.map((game) => gamePath(game.id)), notFound: gamePath('not-in-the-catalogue') },
] satisfies FragmentList<'games'>;
