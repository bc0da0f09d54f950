import { demoLaunchParameters } from '@nova/catalogue/launch-parameters';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { gameDemoBaseUrl } from './site.ts';

/** The provider's launch address for a game, as the portal builds it, with some parameters changed or (null) left out. */
export function launchUrl(gameCode: string, changes: Record<string, string | null> = {}): string {
  const url = new URL(gameDemoBaseUrl);
  url.searchParams.set('gameCode', gameCode);
  for (const [name, value] of Object.entries({ ...demoLaunchParameters, ...changes })) {
    if (value !== null) url.searchParams.set(name, value);
  }
  return url.href;
}

/** The demo game inside the game page's frame. */
export const demoIn = (page: Page, title: string): FrameLocator => page.frameLocator(`iframe[title="${title} demo"]`);

type Scope = Page | FrameLocator;

/** The slot's parts, in the provider's own page or inside the portal's frame. */
export const slot = (scope: Scope) => ({
  heading: scope.getByRole('heading', { level: 1 }),
  balance: scope.getByRole('group', { name: 'Demo balance' }).getByText(/\d/),
  bet: scope.getByRole('group', { name: 'Bet' }).getByText(/\d/),
  win: scope.getByRole('group', { name: 'Win' }).getByText(/\d/),
  spin: scope.getByRole('button', { name: 'Spin' }),
  paytable: scope.getByRole('button', { name: 'Paytable' }),
  status: scope.getByRole('status'),
  reels: scope.getByRole('group', { name: 'Reels' }),
});

/**
 * The demo in a game page, once it can be played: the page has heard the provider's "ready" and
 * the balance shows. A click sent sooner, while the browser routes input to the cross-origin
 * frame it has just painted, can land nowhere.
 */
export async function playableDemo(page: Page, title: string): Promise<FrameLocator> {
  const demo = demoIn(page, title);
  await expect(page.getByText('Loading the demo…')).toBeHidden();
  await expect(slot(demo).balance).toHaveText('€1,000.00');
  return demo;
}

/** What the status says once a spin is over. */
export const spinResult = /^(No win this time\.|You won )/;
