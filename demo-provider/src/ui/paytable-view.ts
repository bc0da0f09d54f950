import type { Game } from '../games.ts';
import { minimumMatch, payFor, paylines } from '../paylines.ts';
import { reelCount, rowCount, type SymbolRank } from '../reels.ts';
import { html, svg } from './dom.ts';
import { symbolImage } from './symbols.ts';

const counts = [3, 4, 5];

/** A payline as a small grid of the window with its cells filled. */
function paylineDiagram(rows: readonly number[]) {
  const diagram = svg('svg', {
    class: 'payline-diagram',
    viewBox: `0 0 ${reelCount} ${rowCount}`,
    'aria-hidden': 'true',
  });
  for (let reel = 0; reel < reelCount; reel++) {
    for (let row = 0; row < rowCount; row++) {
      const x = reel + 0.08;
      const y = row + 0.08;
      diagram.append(
        svg('rect', { x, y, width: 0.84, height: 0.84, rx: 0.12, class: rows[reel] === row ? 'on' : 'off' }),
      );
    }
  }
  return diagram;
}

export interface PaytableView {
  dialog: HTMLDialogElement;
  /** Opens the paytable with what each win pays at this bet. */
  open(bet: number): void;
}

/** The paytable screen: every symbol's wins at the current bet, and the five paylines. */
export function createPaytable(game: Game, format: (coins: number) => string): PaytableView {
  const betText = html('strong');
  const rows = html('tbody');
  const close = html('button', { type: 'button', class: 'close' }, 'Close');
  const dialog = html(
    'dialog',
    { class: 'paytable', 'aria-labelledby': 'paytable-title', closedby: 'any' },
    html('div', { class: 'dialog-top' }, html('h2', { id: 'paytable-title' }, 'Paytable'), close),
    html(
      'p',
      {},
      'What each win pays at your bet of ',
      betText,
      `. ${minimumMatch} or more of a symbol in a row on a payline, starting from the leftmost reel, win. Wins on several lines add up.`,
    ),
    html(
      'table',
      {},
      html(
        'thead',
        {},
        html(
          'tr',
          {},
          html('th', { scope: 'col' }, 'Symbol'),
          ...counts.map((count) => html('th', { scope: 'col' }, `${count} in a row`)),
        ),
      ),
      rows,
    ),
    html('h3', {}, 'Paylines'),
    html(
      'ol',
      { class: 'paylines' },
      ...paylines.map(({ name, rows: lineRows }) => html('li', {}, paylineDiagram(lineRows), html('span', {}, name))),
    ),
  );
  close.addEventListener('click', () => dialog.close());

  return {
    dialog,
    open(bet) {
      betText.textContent = format(bet);
      rows.replaceChildren(
        ...game.symbols.map(({ name }, rank) =>
          html(
            'tr',
            {},
            html('th', { scope: 'row' }, symbolImage(game, rank as SymbolRank, false), name),
            ...counts.map((count) => html('td', {}, format(payFor(rank as SymbolRank, count, bet)))),
          ),
        ),
      );
      dialog.showModal();
    },
  };
}
