import { findGame } from '@nova/catalogue/games';

interface Achievement {
  name: string;
  detail: string;
}

interface Activity {
  /** Title of a game in the catalogue. */
  game: string;
  result: string;
  time: string;
}

export interface SampleProfile {
  level: number;
  /** Percent of the way from this level to the next. */
  levelProgress: number;
  coins: number;
  achievements: readonly Achievement[];
  recentActivity: readonly Activity[];
}

function catalogueTitle(gameId: string): string {
  const game = findGame(gameId);
  if (!game) throw new Error(`The sample profile names a game the catalogue does not have: ${gameId}`);
  return game.title;
}

/** The fixed content of Home's profile mock-up: an example, not a real player's data. */
export const sampleProfile: SampleProfile = {
  level: 42,
  levelProgress: 70,
  coins: 25_000,
  achievements: [
    { name: 'High Roller', detail: 'Won 1M chips' },
    { name: 'Lucky Streak', detail: '5 wins in a row' },
  ],
  recentActivity: [
    { game: catalogueTitle('pug-life'), result: 'Won 1,200 coins', time: '2 hours ago' },
    { game: catalogueTitle('alpha-eagle'), result: 'Free spins bonus', time: 'Yesterday' },
    { game: catalogueTitle('undead-fortune'), result: 'Won 450 coins', time: '3 days ago' },
  ],
};
