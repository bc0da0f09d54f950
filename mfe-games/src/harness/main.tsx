import { gamePath, routes } from '@nova/contracts/routes';
import { renderHarness } from '@nova/ui/harness';
import { GamePage } from '../game/GamePage.tsx';
import { GamesPage } from '../collection/GamesPage.tsx';

renderHarness('games', [
  { path: routes.games.path, label: 'Games', element: <GamesPage /> },
  { path: routes.game.path, label: 'Pug Life', link: gamePath('pug-life'), element: <GamePage /> },
]);
