// Each rendering stays a file, fetched only if the browser picks it: Vite would otherwise inline
// one under 4 KiB into the JavaScript.
import alphaEagleArt from './art/alpha-eagle.webp?no-inline';
import alphaEagleSmallArt from './art/alpha-eagle-480.webp?no-inline';
import breakBonesArt from './art/break-bones.webp?no-inline';
import breakBonesSmallArt from './art/break-bones-480.webp?no-inline';
import forestFortuneArt from './art/forest-fortune.webp?no-inline';
import forestFortuneSmallArt from './art/forest-fortune-480.webp?no-inline';
import pugLifeArt from './art/pug-life.webp?no-inline';
import pugLifeSmallArt from './art/pug-life-480.webp?no-inline';
import timeSpinnersArt from './art/time-spinners.webp?no-inline';
import timeSpinnersSmallArt from './art/time-spinners-480.webp?no-inline';
import undeadFortuneArt from './art/undead-fortune.webp?no-inline';
import undeadFortuneSmallArt from './art/undead-fortune-480.webp?no-inline';

export interface Game {
  /** URL slug: /games/{id}. */
  id: string;
  title: string;
  description: string;
  /** Shown in Home's Featured Games. */
  featured: boolean;
  /** URL of the game's art (a webp made from art/{id}.svg), emitted by each app that imports it. */
  image: string;
  /** The same art 480 px wide, for narrow cards. */
  imageSmall: string;
  /** What the art shows, for the image's alt text. */
  imageAlt: string;
  /** How the provider's demo launcher names the game. */
  providerGameCode: string;
}

/** The six games, in catalogue order. */
export const games: readonly Game[] = [
  {
    id: 'pug-life',
    title: 'Pug Life',
    description: 'A laid-back pug in shades rolls coins across sunset reels. Cool cats need not apply.',
    featured: true,
    image: pugLifeArt,
    imageSmall: pugLifeSmallArt,
    imageAlt: 'A pug in dark sunglasses among gold coins against a sunset sky',
    providerGameCode: 'pug_life',
  },
  {
    id: 'undead-fortune',
    title: 'Undead Fortune',
    description: 'Under a green moon the graveyard wakes, and every grinning skull guards a stack of gold.',
    featured: true,
    image: undeadFortuneArt,
    imageSmall: undeadFortuneSmallArt,
    imageAlt: 'A grinning skull with glowing green eyes above stacks of gold in a moonlit graveyard',
    providerGameCode: 'undead_fortune',
  },
  {
    id: 'break-bones',
    title: 'Break Bones',
    description: 'Crossed bones crack open for star wins in a fast, high-energy arcade slot.',
    featured: false,
    image: breakBonesArt,
    imageSmall: breakBonesSmallArt,
    imageAlt: 'Two crossed bones and a gold star on a red grid',
    providerGameCode: 'break_bones',
  },
  {
    id: 'alpha-eagle',
    title: 'Alpha Eagle',
    description: 'Soar over the mountains at dawn with the king of the sky and its golden sun.',
    featured: true,
    image: alphaEagleArt,
    imageSmall: alphaEagleSmallArt,
    imageAlt: 'An eagle with spread wings flying over dark mountains in front of a rising sun',
    providerGameCode: 'alpha_eagle',
  },
  {
    id: 'forest-fortune',
    title: 'Forest Fortune',
    description: 'Fireflies, lucky mushrooms and coins hidden among the pines of an enchanted wood.',
    featured: false,
    image: forestFortuneArt,
    imageSmall: forestFortuneSmallArt,
    imageAlt: 'A red spotted mushroom and gold coins between pine trees in a misty forest',
    providerGameCode: 'forest_fortune',
  },
  {
    id: 'time-spinners',
    title: 'Time Spinners',
    description: 'Gears turn, the clock strikes and the reels spin through time itself.',
    featured: false,
    image: timeSpinnersArt,
    imageSmall: timeSpinnersSmallArt,
    imageAlt: 'A gold-rimmed clock face among turning gears and stars',
    providerGameCode: 'time_spinners',
  },
];

/** The game with exactly this id, if the catalogue has one. */
export function findGame(id: string | undefined): Game | undefined {
  return games.find((game) => game.id === id);
}
