import type { Launch } from '../launch.ts';
import { coinFormatter } from '../money.ts';
import { paylines } from '../paylines.ts';
import type { SlotSession, SpinBlocker, SpinOutcome } from '../session.ts';
import { html } from './dom.ts';
import { createPaytable } from './paytable-view.ts';
import { createReelsView } from './reels-view.ts';
import { symbolSprite } from './symbols.ts';

/** Whether the visitor asked the system for less motion; asked at each spin. */
const prefersReducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Keys that spin when no control has the focus. */
const spinKeys = new Set([' ', 'Enter']);

/** A labelled value in the control bar, e.g. “Demo balance €1,000.00”. */
function meter(id: string, label: string) {
  const value = html('strong', { class: 'value' });
  const element = html(
    'div',
    { class: `meter ${id}`, role: 'group', 'aria-labelledby': `${id}-label` },
    html('span', { id: `${id}-label`, class: 'label' }, label),
    value,
  );
  return { element, value };
}

/** The slot for one launch: reels, demo balance, bet, Spin, paytable, and what happened, announced. */
export function mountSlot(root: HTMLElement, { game, lang, currency }: Launch, session: SlotSession) {
  const format = coinFormatter(lang, currency);
  const reels = createReelsView(game);
  const paytable = createPaytable(game, format);

  const balance = meter('balance', 'Demo balance');
  const win = meter('win', 'Win');
  const bet = meter('bet', 'Bet');
  const lowerBet = html('button', { type: 'button', class: 'step', 'aria-label': 'Lower the bet' }, '−');
  const raiseBet = html('button', { type: 'button', class: 'step', 'aria-label': 'Raise the bet' }, '+');
  bet.value.before(lowerBet);
  bet.value.after(raiseBet);
  const spinButton = html('button', { type: 'button', class: 'spin' }, 'Spin');
  const paytableButton = html('button', { type: 'button', class: 'info' }, 'Paytable');
  const message = html('span');
  const spokenBalance = html('span', { class: 'visually-hidden' });
  const status = html('p', { class: 'message', role: 'status' }, message, spokenBalance);

  root.dataset.game = game.code;
  root.append(
    symbolSprite(game),
    html(
      'main',
      { class: 'slot' },
      html(
        'header',
        { class: 'top' },
        html('h1', {}, game.name),
        html('p', { class: 'badge' }, 'Demo play · virtual coins'),
        paytableButton,
      ),
      reels.element,
      status,
      html('div', { class: 'controls' }, balance.element, bet.element, win.element, spinButton),
    ),
    paytable.dialog,
  );
  document.title = `${game.name} · Demo`;

  let spinning = false;
  let lastWin = 0;

  const blockerText = (blocker: SpinBlocker) =>
    blocker === 'balance-spent'
      ? 'Your demo balance is spent. Reload the page to start over with a fresh balance.'
      : `Your balance is too low for a ${format(session.bet)} bet. Lower the bet to keep playing.`;

  function say(text: string, withBalance = false) {
    message.textContent = text;
    spokenBalance.textContent = withBalance ? ` Demo balance: ${format(session.balance)}.` : '';
  }

  /** Shows the balance, the bet, the last win and which controls can act now. */
  function update(shownBalance = session.balance) {
    balance.value.textContent = format(shownBalance);
    bet.value.textContent = format(session.bet);
    win.value.textContent = format(lastWin);
    lowerBet.setAttribute('aria-disabled', String(spinning || !session.canLowerBet));
    raiseBet.setAttribute('aria-disabled', String(spinning || !session.canRaiseBet));
    spinButton.setAttribute('aria-disabled', String(spinning || session.spinBlocker !== undefined));
  }

  function resultText({ wins, totalWin }: SpinOutcome) {
    if (totalWin === 0) return 'No win this time.';
    const lines = wins.map(({ line, symbol, count }) => `${count} × ${game.symbols[symbol].name} on line ${line + 1}`);
    return `You won ${format(totalWin)}: ${lines.join(', ')}.`;
  }

  async function spin() {
    if (spinning) return;
    const blocker = session.spinBlocker;
    if (blocker) return say(blockerText(blocker));
    const before = session.balance;
    const outcome = session.spin()!;
    spinning = true;
    lastWin = 0;
    update(before - outcome.bet);
    say('Spinning…');
    await reels.spin(outcome.stops, !prefersReducedMotion());
    reels.showWins(outcome.wins);
    spinning = false;
    lastWin = outcome.totalWin;
    update();
    const after = session.spinBlocker;
    say(after ? `${resultText(outcome)} ${blockerText(after)}` : resultText(outcome), true);
  }

  function changeBet(direction: 'lower' | 'raise') {
    if (spinning) return;
    const changed = direction === 'lower' ? session.lowerBet() : session.raiseBet();
    if (!changed) return say(`${format(session.bet)} is the ${direction === 'lower' ? 'lowest' : 'highest'} bet.`);
    update();
    const blocker = session.spinBlocker;
    say(blocker ? blockerText(blocker) : `Bet ${format(session.bet)} per spin.`);
  }

  spinButton.addEventListener('click', () => void spin());
  lowerBet.addEventListener('click', () => changeBet('lower'));
  raiseBet.addEventListener('click', () => changeBet('raise'));
  paytableButton.addEventListener('click', () => paytable.open(session.bet));
  root.addEventListener('keydown', (event) => {
    if (!spinKeys.has(event.key) || event.repeat) return;
    // A focused control, or the open paytable, handles its own keys.
    if (event.target instanceof Element && event.target.closest('button, a, input, select, textarea, dialog')) return;
    event.preventDefault();
    void spin();
  });

  update();
  say(`Press Spin, Space or Enter to play ${paylines.length} lines.`);
}
