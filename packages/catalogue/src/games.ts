/** The games of the portal, in catalogue order. The games slice adds art and demo addresses. */
export interface Game {
  id: string;
  title: string;
}

export const games: readonly Game[] = [
  { id: 'pug-life', title: 'Pug Life' },
  { id: 'undead-fortune', title: 'Undead Fortune' },
  { id: 'break-bones', title: 'Break Bones' },
  { id: 'alpha-eagle', title: 'Alpha Eagle' },
  { id: 'forest-fortune', title: 'Forest Fortune' },
  { id: 'time-spinners', title: 'Time Spinners' },
];
