import { gamePath, routes as pages } from '@nova/contracts/routes';
import { shell } from '@nova/contracts/slices';
import { deploymentSetting } from '@nova/tooling/deployment-env';

export { repoRoot } from '@nova/tooling/repo-root';
/** The shell's build, which the local environment serves. */
export { shellBuild } from '../../scripts/local-origins.mjs';

/** Where the local environment serves the composed site (`npm start`), and the suite runs against it. */
export const shellOrigin = `http://localhost:${shell.port}`;

/** A page's document title: its name, then the brand. The slices' unit tests own the words. */
export const pageTitle = (name: string) => `${name} · Nova Reels`;

/** The document title of each page the suite arrives at. */
export const titles = {
  home: 'Nova Reels — Futuristic Social Casino Demos',
  games: pageTitle('Games'),
  contact: pageTitle('Contact'),
  terms: pageTitle('Terms and Conditions'),
  privacy: pageTitle('Privacy Policy'),
  notFound: pageTitle('Page Not Found'),
  gameNotFound: pageTitle('Game Not Found'),
} as const;

/** Every route of the portal (the game page as Pug Life's) with the document title it must set. */
export const routes = [
  { path: pages.home.path, title: titles.home },
  { path: pages.games.path, title: titles.games },
  { path: gamePath('pug-life'), title: pageTitle('Pug Life') },
  { path: pages.contact.path, title: titles.contact },
  { path: pages.terms.path, title: titles.terms },
  { path: pages.privacy.path, title: titles.privacy },
] as const;

/** The third-party game provider's demo launcher, from the deployment configuration. */
export const gameDemoBaseUrl = new URL(deploymentSetting('VITE_GAME_DEMO_BASE_URL') ?? '');
