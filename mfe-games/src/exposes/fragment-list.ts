import { games } from '@nova/catalogue/games';
import type { FragmentList } from '@nova/contracts/remote-modules';
import { gamePath } from '@nova/contracts/routes';
import { fixedPathPages } from '@nova/render/fragment-list';
import pages from './pages.json';

/**
 * What the build renders to HTML fragments: every page the slice declares at one address (the
 * collection), the page of every game in the catalogue, and Game Not Found for any other game
 * address (an id the catalogue does not know).
 */
export const fragments = [
  ...fixedPathPages(pages),
  { page: 'GamePage', paths: games.map((game) => gamePath(game.id)), notFound: gamePath('not-in-the-catalogue') },
] satisfies FragmentList;
