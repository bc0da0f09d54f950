import { findGame } from '@nova/catalogue/games';
import { useParams } from '@nova/router';
import { GameDetails } from './GameDetails.tsx';
import { GameNotFound } from './GameNotFound.tsx';

/**
 * /games/:gameId. While this page's code loads, the shell's slot shows its spinner (role=status,
 * with a timeout); the catalogue ships with the page, so the id is then matched at once.
 */
export function GamePage() {
  const { gameId } = useParams();
  const game = findGame(gameId);
  return game ? <GameDetails game={game} /> : <GameNotFound />;
}
