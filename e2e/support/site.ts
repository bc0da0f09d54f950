import { gamePath, routes as pages } from '@nova/contracts/routes';
import { deploymentSetting } from '@nova/tooling/deployment-env';

export const repoRoot = new URL('../../', import.meta.url).pathname;

/** Every route of the portal (the game page as Pug Life's) with the document title it must set. */
export const routes = [
  { path: pages.home.path, title: 'Nova Reels — Futuristic Social Casino Demos' },
  { path: pages.games.path, title: 'Games · Nova Reels' },
  { path: gamePath('pug-life'), title: 'Pug Life · Nova Reels' },
  { path: pages.contact.path, title: 'Contact · Nova Reels' },
  { path: pages.terms.path, title: 'Terms and Conditions · Nova Reels' },
  { path: pages.privacy.path, title: 'Privacy Policy · Nova Reels' },
] as const;

/** The third-party game provider's demo launcher, from the deployment configuration. */
export const gameDemoBaseUrl = new URL(deploymentSetting('VITE_GAME_DEMO_BASE_URL') ?? '');
