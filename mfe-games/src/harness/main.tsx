import { renderHarness } from '@nova/ui/harness';
import { GamePage } from '../game/GamePage.tsx';
import { GamesPage } from '../collection/GamesPage.tsx';

renderHarness('games', [
  { path: '/games', label: 'Games', element: <GamesPage /> },
  { path: '/games/:gameId', label: 'Pug Life', link: '/games/pug-life', element: <GamePage /> },
]);
