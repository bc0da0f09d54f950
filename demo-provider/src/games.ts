import type { SymbolArtName } from './art.ts';

interface GameSymbol {
  /** How the paytable and the screen reader name it. */
  name: string;
  art: SymbolArtName;
}

export interface Game {
  /** The provider's game code, as launch links carry it. */
  code: string;
  name: string;
  /** The symbols from rank 0 (pays most) to rank 5 (pays least). */
  symbols: readonly [GameSymbol, GameSymbol, GameSymbol, GameSymbol, GameSymbol, GameSymbol];
}

/** The four everyday symbols every game shares below its two themed ones. */
const everyday = [
  { name: 'Lucky Seven', art: 'seven' },
  { name: 'Bell', art: 'bell' },
  { name: 'Gem', art: 'gem' },
  { name: 'Coin', art: 'coin' },
] as const satisfies GameSymbol[];

/** The six games this provider offers, by game code. */
export const games: readonly Game[] = [
  {
    code: 'pug_life',
    name: 'Pug Life',
    symbols: [{ name: 'Pug', art: 'pug' }, { name: 'Shades', art: 'shades' }, ...everyday],
  },
  {
    code: 'undead_fortune',
    name: 'Undead Fortune',
    symbols: [{ name: 'Skull', art: 'skull' }, { name: 'Tombstone', art: 'tombstone' }, ...everyday],
  },
  {
    code: 'break_bones',
    name: 'Break Bones',
    symbols: [{ name: 'Crossed Bones', art: 'bones' }, { name: 'Star', art: 'star' }, ...everyday],
  },
  {
    code: 'alpha_eagle',
    name: 'Alpha Eagle',
    symbols: [{ name: 'Eagle', art: 'eagle' }, { name: 'Mountain Sun', art: 'mountain' }, ...everyday],
  },
  {
    code: 'forest_fortune',
    name: 'Forest Fortune',
    symbols: [{ name: 'Mushroom', art: 'mushroom' }, { name: 'Pine', art: 'pine' }, ...everyday],
  },
  {
    code: 'time_spinners',
    name: 'Time Spinners',
    symbols: [{ name: 'Clock', art: 'clock' }, { name: 'Gear', art: 'gear' }, ...everyday],
  },
];

/** The game with exactly this code, if this provider has one. */
export function findGame(code: string): Game | undefined {
  return games.find((game) => game.code === code);
}
