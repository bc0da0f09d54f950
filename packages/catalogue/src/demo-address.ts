import { findGame } from './games.ts';
import { demoLaunchParameters } from './launch-parameters.js';

/** The provider's demo launcher, from the deployment's configuration (.env); http(s) only. */
export function providerBaseUrl(configured: string | undefined = import.meta.env.VITE_GAME_DEMO_BASE_URL): URL {
  const url = configured && URL.canParse(configured) ? new URL(configured) : undefined;
  // Anything else (javascript:, data:, a typo) would end up as the frame's src.
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new Error('VITE_GAME_DEMO_BASE_URL must be set to the game provider’s http(s) demo launcher URL.');
  }
  return url;
}

/** A game's demo address; undefined for an id the catalogue does not map (the frame stays blank). */
export function demoAddress(gameId: string, baseUrl: URL = providerBaseUrl()): string | undefined {
  const game = findGame(gameId);
  if (!game) return undefined;
  const address = new URL(baseUrl);
  address.searchParams.set('gameCode', game.providerGameCode);
  for (const [name, value] of Object.entries(demoLaunchParameters)) address.searchParams.set(name, value);
  return address.href;
}
