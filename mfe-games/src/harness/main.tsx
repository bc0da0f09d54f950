import { gamePath } from '@nova/contracts/routes';
import { declaredHarnessPages, renderHarness } from '@nova/ui/harness';
import { GamePage } from '../game/GamePage.tsx';
import { GamesPage } from '../collection/GamesPage.tsx';
import pages from '../exposes/pages.json';

renderHarness(
  'games',
  declaredHarnessPages(pages, { GamesPage: <GamesPage />, GamePage: <GamePage /> }, { GamePage: gamePath('pug-life') }),
);
