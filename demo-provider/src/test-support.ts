import { lineWins, type LineWin } from './paylines.ts';
import { randomStops, reelStrips, windowAt } from './reels.ts';
import { mulberry32, type Random } from './rng.ts';

/** A generator that lands the reels on `stops` on every spin. */
export function landingOn(stops: readonly number[]): Random {
  let call = 0;
  return () => {
    const reel = call++ % stops.length;
    return (stops[reel]! + 0.5) / reelStrips[reel]!.length;
  };
}

/** The first stops a seeded generator comes up with whose wins (at a bet of 1) satisfy `wanted`. */
export function findStops(wanted: (wins: LineWin[]) => boolean): number[] {
  const random = mulberry32(1);
  for (;;) {
    const stops = randomStops(random);
    if (wanted(lineWins(windowAt(stops), 1))) return stops;
  }
}

/** Stops where no line wins: every spin from them loses its bet. */
export const losingStops = findStops((wins) => wins.length === 0);

/** The launcher's query string as the portal sends it (for Pug Life), with some parameters changed or (null) left out. */
export function portalQuery(changes: Record<string, string | null> = {}): string {
  const params = new URLSearchParams({
    gameCode: 'pug_life',
    lang: 'en',
    channel: 'desktop',
    mode: 'demo',
    currency: 'EUR',
    partner: 'nova-reels-demo',
    token: 'demo-session-placeholder',
  });
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return `?${params}`;
}
