import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { games } from '../games.ts';
import type { Launch } from '../launch.ts';
import { lineWins, payFor } from '../paylines.ts';
import { windowAt } from '../reels.ts';
import { mulberry32, type Random } from '../rng.ts';
import { SlotSession } from '../session.ts';
import { findStops, landingOn, losingStops } from '../test-support.ts';
import { reelStopDelays } from './reels-view.ts';
import { mountSlot } from './slot-view.ts';

const pugLife = games.find((game) => game.code === 'pug_life')!;
const launch: Launch = {
  game: pugLife,
  lang: 'en',
  currency: 'EUR',
  channel: 'desktop',
  partner: 'test',
  seed: undefined,
};
const euros = (coins: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(coins);

const oneLineStops = findStops((wins) => wins.length === 1);

let reducedMotion = false;

beforeEach(() => {
  reducedMotion = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
  }));
  // jsdom has <dialog> but not its methods; these stand in for the browser's.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A fresh body drops the old slot and its key listener.
  document.body = document.createElement('body');
});

function mount(random: Random = mulberry32(11)) {
  const session = new SlotSession(random);
  mountSlot(document.body, launch, session);
  return session;
}

// Each test mounts into a fresh body, so queries look at the body of the moment.
const screen = () => within(document.body);
const meterValue = (name: string) => within(screen().getByRole('group', { name })).getByText(/€/);
const status = () => screen().getByRole('status');
const button = (name: string) => screen().getByRole('button', { name });
const reelSymbols = () =>
  within(screen().getByRole('group', { name: 'Reels' }))
    .getAllByRole('img')
    .map((image) => image.getAttribute('aria-label'));
/** The symbol names the reels should show at `stops`, reel by reel, top to bottom. */
const symbolsAt = (stops: readonly number[]) => {
  const grid = windowAt(stops);
  return stops.flatMap((_, reel) => grid.map((row) => pugLife.symbols[row[reel]!].name));
};

describe('the slot', () => {
  it('shows the game, the demo label, and the demo balance, bet and win in the launch currency', () => {
    mount();
    expect(screen().getByRole('heading', { level: 1, name: 'Pug Life' })).toBeInTheDocument();
    expect(screen().getByText('Demo play · virtual coins')).toBeInTheDocument();
    expect(meterValue('Demo balance')).toHaveTextContent('€1,000.00');
    expect(meterValue('Bet')).toHaveTextContent('€10.00');
    expect(meterValue('Win')).toHaveTextContent('€0.00');
    expect(reelSymbols()).toHaveLength(15);
    expect(document.title).toBe('Pug Life · Demo');
  });

  it('formats amounts for the requested currency and language', () => {
    mountSlot(document.body, { ...launch, lang: 'de', currency: 'USD' }, new SlotSession(mulberry32(1)));
    expect(within(screen().getByRole('group', { name: 'Demo balance' })).getByText(/\$/)).toHaveTextContent(
      '1.000,00 $',
    );
  });

  it('spins the reels, then shows where they stopped, pays the balance and announces the result', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mount(landingOn(losingStops));

    await user.click(button('Spin'));
    // The bet is taken at once; the reels turn until the last one stops.
    expect(meterValue('Demo balance')).toHaveTextContent('€990.00');
    expect(status()).toHaveTextContent('Spinning…');
    expect(document.querySelectorAll('.spinning')).toHaveLength(5);
    expect(button('Spin')).toHaveAttribute('aria-disabled', 'true');

    await vi.advanceTimersByTimeAsync(reelStopDelays[0]!);
    expect(document.querySelectorAll('.spinning')).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(reelStopDelays.at(-1)! - reelStopDelays[0]!);
    expect(document.querySelectorAll('.spinning')).toHaveLength(0);
    expect(reelSymbols()).toEqual(symbolsAt(losingStops));
    expect(meterValue('Demo balance')).toHaveTextContent('€990.00');
    expect(meterValue('Win')).toHaveTextContent('€0.00');
    expect(status()).toHaveTextContent('No win this time. Demo balance: €990.00.');
    expect(button('Spin')).toHaveAttribute('aria-disabled', 'false');
  });

  it('pays a win into the balance, marks its cells, draws its payline and says what won', async () => {
    reducedMotion = true;
    const user = userEvent.setup({ delay: null });
    mount(landingOn(oneLineStops));
    const [win] = lineWins(windowAt(oneLineStops), 10);

    await user.click(button('Spin'));
    const amount = euros(win!.amount);
    expect(meterValue('Win')).toHaveTextContent(amount);
    expect(meterValue('Demo balance')).toHaveTextContent(euros(1000 - 10 + win!.amount));
    expect(status()).toHaveTextContent(
      `You won ${amount}: ${win!.count} × ${pugLife.symbols[win!.symbol].name} on line ${win!.line + 1}.`,
    );
    expect(document.querySelectorAll('.cell.win')).toHaveLength(win!.count);
    expect(document.querySelectorAll('.lines polyline')).toHaveLength(1);

    // The next spin starts clean.
    await user.click(button('Spin'));
    expect(document.querySelectorAll('.lines polyline')).toHaveLength(1);
  });

  it('with reduced motion, the reels stop at once without turning', async () => {
    reducedMotion = true;
    const user = userEvent.setup({ delay: null });
    mount(landingOn(losingStops));
    await user.click(button('Spin'));
    expect(document.querySelectorAll('.spinning, .landing')).toHaveLength(0);
    expect(reelSymbols()).toEqual(symbolsAt(losingStops));
    expect(status()).toHaveTextContent('No win this time.');
  });

  it('ignores presses while the reels turn', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const session = mount(landingOn(losingStops));
    await user.click(button('Spin'));
    await user.click(button('Spin'));
    await user.click(button('Raise the bet'));
    await vi.advanceTimersByTimeAsync(reelStopDelays.at(-1)!);
    expect(session.balance).toBe(990);
    expect(meterValue('Bet')).toHaveTextContent('€10.00');
  });
});

describe('the keyboard', () => {
  beforeEach(() => {
    reducedMotion = true;
  });

  it('spins with Space or Enter when no control has the focus', async () => {
    const user = userEvent.setup({ delay: null });
    mount(landingOn(losingStops));
    await user.keyboard(' ');
    expect(meterValue('Demo balance')).toHaveTextContent('€990.00');
    await user.keyboard('{Enter}');
    expect(meterValue('Demo balance')).toHaveTextContent('€980.00');
    await user.keyboard('a');
    expect(meterValue('Demo balance')).toHaveTextContent('€980.00');
  });

  it('leaves Space and Enter to a focused control and to the open paytable', async () => {
    const user = userEvent.setup({ delay: null });
    mount(landingOn(losingStops));
    button('Raise the bet').focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(meterValue('Bet')).toHaveTextContent('€50.00');
    expect(meterValue('Demo balance')).toHaveTextContent('€1,000.00');

    await user.click(button('Paytable'));
    screen().getByRole('dialog', { hidden: true }).focus();
    await user.keyboard(' ');
    expect(meterValue('Demo balance')).toHaveTextContent('€1,000.00');
  });
});

describe('the bet', () => {
  it('steps through the bet levels, stops at the lowest and the highest, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    mount();
    const lower = button('Lower the bet');
    const raise = button('Raise the bet');
    for (const shown of ['€5.00', '€2.00', '€1.00']) {
      await user.click(lower);
      expect(meterValue('Bet')).toHaveTextContent(shown);
      expect(status()).toHaveTextContent(`Bet ${shown} per spin.`);
    }
    expect(lower).toHaveAttribute('aria-disabled', 'true');
    await user.click(lower);
    expect(meterValue('Bet')).toHaveTextContent('€1.00');
    expect(status()).toHaveTextContent('€1.00 is the lowest bet.');

    for (let step = 0; step < 6; step++) await user.click(raise);
    expect(meterValue('Bet')).toHaveTextContent('€100.00');
    expect(raise).toHaveAttribute('aria-disabled', 'true');
    expect(lower).toHaveAttribute('aria-disabled', 'false');
    await user.click(raise);
    expect(meterValue('Bet')).toHaveTextContent('€100.00');
    expect(status()).toHaveTextContent('€100.00 is the highest bet.');
  });

  it('cannot spin a bet above the balance, says why, and never lets the balance go below zero', async () => {
    reducedMotion = true;
    const user = userEvent.setup({ delay: null });
    mount(landingOn(losingStops));
    for (let step = 0; step < 4; step++) await user.click(button('Raise the bet'));
    expect(meterValue('Bet')).toHaveTextContent('€100.00');
    for (let spin = 0; spin < 9; spin++) await user.click(button('Spin'));
    expect(meterValue('Demo balance')).toHaveTextContent('€100.00');

    await user.click(button('Lower the bet'));
    await user.click(button('Spin'));
    expect(meterValue('Demo balance')).toHaveTextContent('€50.00');
    await user.click(button('Raise the bet'));
    const tooLow = 'Your balance is too low for a €100.00 bet. Lower the bet to keep playing.';
    expect(status()).toHaveTextContent(tooLow);
    expect(button('Spin')).toHaveAttribute('aria-disabled', 'true');
    await user.click(button('Spin'));
    await user.keyboard(' ');
    expect(meterValue('Demo balance')).toHaveTextContent('€50.00');
    expect(status()).toHaveTextContent(tooLow);

    await user.click(button('Lower the bet'));
    await user.click(button('Spin'));
    expect(meterValue('Demo balance')).toHaveTextContent('€0.00');
    expect(status()).toHaveTextContent(
      'No win this time. Your demo balance is spent. Reload the page to start over with a fresh balance.',
    );
    await user.click(button('Lower the bet'));
    await user.click(button('Spin'));
    expect(meterValue('Demo balance')).toHaveTextContent('€0.00');
    expect(button('Spin')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('the paytable', () => {
  it('opens with every symbol’s wins at the current bet and the five paylines, and closes', async () => {
    const user = userEvent.setup({ delay: null });
    mount();
    const dialog = screen().getByRole('dialog', { hidden: true });
    expect(dialog).not.toHaveAttribute('open');

    await user.click(button('Paytable'));
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('heading', { name: 'Paytable' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName('Paytable');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      pugLife.symbols.map((symbol) => symbol.name),
    );
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([3, 4, 5].map((count) => euros(payFor(0, count, 10))));
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Middle row', 'Top row', 'Bottom row', 'V', 'Upside-down V']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');

    await user.click(button('Raise the bet'));
    await user.click(button('Paytable'));
    expect(within(within(dialog).getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent(
      euros(payFor(0, 3, 20)),
    );
  });
});
