import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export const repoRoot = new URL('../../', import.meta.url).pathname;

/** Every route of the portal with the document title it must set. */
export const routes = [
  { path: '/', title: 'Nova Reels — Futuristic Social Casino Demos' },
  { path: '/games', title: 'Games · Nova Reels' },
  { path: '/games/pug-life', title: 'Pug Life · Nova Reels' },
  { path: '/contact', title: 'Contact · Nova Reels' },
  { path: '/terms-and-conditions', title: 'Terms and Conditions · Nova Reels' },
  { path: '/privacy-policy', title: 'Privacy Policy · Nova Reels' },
] as const;

/** The third-party game provider's demo launcher, from the deployment's .env. */
export const gameDemoBaseUrl = new URL(
  parseEnv(readFileSync(`${repoRoot}.env`, 'utf8')).VITE_GAME_DEMO_BASE_URL ?? '',
);
