import { lineWins, type LineWin } from './paylines.ts';
import { randomStops, windowAt, type Grid } from './reels.ts';
import type { Random } from './rng.ts';

/** The bets a visitor can choose, in virtual coins per spin. */
export const betLevels = [1, 2, 5, 10, 20, 50, 100] as const;
/** Every session starts with this many virtual coins; a reload starts a new session. */
export const startingBalance = 1000;
const defaultBetIndex = betLevels.indexOf(10);

/** Why a spin cannot happen right now. */
export type SpinBlocker = 'bet-above-balance' | 'balance-spent';

export interface SpinOutcome {
  bet: number;
  /** Where each reel stopped and what the window shows. */
  stops: number[];
  grid: Grid;
  wins: LineWin[];
  totalWin: number;
  /** The balance once the bet is taken and the wins are paid. */
  balance: number;
}

/** One visitor's demo play: a balance of virtual coins that never goes below zero, a bet, spins. */
export class SlotSession {
  #balance = startingBalance;
  #betIndex = defaultBetIndex;
  readonly #random: Random;

  constructor(random: Random) {
    this.#random = random;
  }

  get balance(): number {
    return this.#balance;
  }

  get bet(): number {
    return betLevels[this.#betIndex]!;
  }

  get canLowerBet(): boolean {
    return this.#betIndex > 0;
  }

  get canRaiseBet(): boolean {
    return this.#betIndex < betLevels.length - 1;
  }

  /** One step down the bet levels; false at the lowest. */
  lowerBet(): boolean {
    if (!this.canLowerBet) return false;
    this.#betIndex--;
    return true;
  }

  /** One step up the bet levels; false at the highest. */
  raiseBet(): boolean {
    if (!this.canRaiseBet) return false;
    this.#betIndex++;
    return true;
  }

  /** What stands in the way of a spin, if anything. */
  get spinBlocker(): SpinBlocker | undefined {
    if (this.#balance < betLevels[0]) return 'balance-spent';
    if (this.bet > this.#balance) return 'bet-above-balance';
    return undefined;
  }

  /** Takes the bet, spins and pays the wins; nothing happens (undefined) when a blocker stands. */
  spin(): SpinOutcome | undefined {
    if (this.spinBlocker) return undefined;
    const bet = this.bet;
    const stops = randomStops(this.#random);
    const grid = windowAt(stops);
    const wins = lineWins(grid, bet);
    const totalWin = wins.reduce((sum, win) => sum + win.amount, 0);
    this.#balance += totalWin - bet;
    return { bet, stops, grid, wins, totalWin, balance: this.#balance };
  }
}
