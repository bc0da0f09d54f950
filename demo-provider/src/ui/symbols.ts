import { symbolArt } from '../art.ts';
import type { Game } from '../games.ts';
import type { SymbolRank } from '../reels.ts';
import { svg } from './dom.ts';

const symbolId = (rank: SymbolRank) => `symbol-${rank}`;

/** The game's symbols drawn once, for every reel cell and paytable row to reference. */
export function symbolSprite(game: Game): SVGSVGElement {
  const sprite = svg('svg', { class: 'sprite', 'aria-hidden': 'true', focusable: 'false' });
  // Our own constant art (art.ts), never anything from the launch link.
  sprite.innerHTML = game.symbols
    .map(
      ({ art }, rank) =>
        `<symbol id="${symbolId(rank as SymbolRank)}" viewBox="0 0 100 100">${symbolArt[art]}</symbol>`,
    )
    .join('');
  return sprite;
}

/** One symbol as an image named for screen readers, or decorative when `named` is false. */
export function symbolImage(game: Game, rank: SymbolRank, named = true): SVGSVGElement {
  const name = game.symbols[rank].name;
  return svg(
    'svg',
    {
      class: 'symbol',
      viewBox: '0 0 100 100',
      ...(named ? { role: 'img', 'aria-label': name } : { 'aria-hidden': 'true' }),
    },
    svg('use', { href: `#${symbolId(rank)}` }),
  );
}
