import type { Game } from '../games.ts';
import { paylines, type LineWin } from '../paylines.ts';
import { openingStops, reelCount, reelStrips, reelWindow, rowCount, type SymbolRank } from '../reels.ts';
import { html, svg } from './dom.ts';
import { symbolImage } from './symbols.ts';

/** When each reel stops after the spin starts, in ms: left to right, a beat apart. */
export const reelStopDelays = reelStrips.map((_, reel) => 600 + reel * 200);

/** Symbols a spinning reel blurs past: a run of its strip, shown twice so the loop is seamless. */
const blurRun = 6;

export interface ReelsView {
  element: HTMLElement;
  /** Spins to `stops`; resolves once the last reel has stopped (at once without motion). */
  spin(stops: readonly number[], motion: boolean): Promise<void>;
  /** Marks the winning cells and draws their paylines. */
  showWins(wins: readonly LineWin[]): void;
}

/** The five reels, three symbols showing on each, with paylines drawn over them when they win. */
export function createReelsView(game: Game): ReelsView {
  const reels = reelStrips.map(() => html('div', { class: 'reel' }, html('div', { class: 'strip' })));
  const lines = svg('svg', {
    class: 'lines',
    viewBox: `0 0 ${reelCount} ${rowCount}`,
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
  const element = html('div', { class: 'reels', role: 'group', 'aria-label': 'Reels' }, ...reels, lines);

  const cells = (reel: number) => [...reels[reel]!.querySelectorAll<HTMLElement>('.cell')];

  function showSymbols(reel: number, symbols: readonly SymbolRank[], named: boolean) {
    const strip = reels[reel]!.firstElementChild!;
    strip.replaceChildren(...symbols.map((rank) => html('div', { class: 'cell' }, symbolImage(game, rank, named))));
  }

  const showWindow = (reel: number, stop: number) => showSymbols(reel, reelWindow(reel, stop), true);
  reels.forEach((_, reel) => showWindow(reel, openingStops[reel]!));

  function clearWins() {
    lines.replaceChildren();
    for (const cell of element.querySelectorAll('.win')) cell.classList.remove('win');
  }

  return {
    element,
    spin(targets, motion) {
      clearWins();
      element.setAttribute('aria-busy', 'true');
      const land = (reel: number) => {
        reels[reel]!.classList.remove('spinning');
        reels[reel]!.classList.toggle('landing', motion);
        showWindow(reel, targets[reel]!);
      };
      const done = () => element.removeAttribute('aria-busy');
      if (!motion) {
        reels.forEach((_, reel) => land(reel));
        done();
        return Promise.resolve();
      }
      return Promise.all(
        reels.map((reelElement, reel) => {
          const strip = reelStrips[reel]!;
          const run = Array.from(
            { length: blurRun },
            (_, index) => strip[(targets[reel]! + rowCount + index) % strip.length]!,
          );
          reelElement.classList.remove('landing');
          reelElement.classList.add('spinning');
          // What blurs past is decoration; the reels are named once they stop.
          showSymbols(reel, [...run, ...run], false);
          return new Promise<void>((resolve) =>
            setTimeout(() => {
              land(reel);
              resolve();
            }, reelStopDelays[reel]),
          );
        }),
      ).then(done);
    },
    showWins(wins) {
      for (const { line, cells: winning } of wins) {
        for (const [row, reel] of winning) cells(reel)[row]?.classList.add('win');
        const points = paylines[line]!.rows.map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(' ');
        lines.append(svg('polyline', { points, class: 'line' }));
      }
    },
  };
}
