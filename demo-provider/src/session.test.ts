import { describe, expect, it } from 'vitest';
import { windowAt } from './reels.ts';
import { mulberry32 } from './rng.ts';
import { betLevels, SlotSession, startingBalance } from './session.ts';
import { landingOn, losingStops } from './test-support.ts';

/** A generator that always lands every reel on its first stop. */
const firstStops = () => 0;

describe('SlotSession', () => {
  it('starts with the starting balance and a bet of 10', () => {
    const session = new SlotSession(mulberry32(1));
    expect(session.balance).toBe(startingBalance);
    expect(session.bet).toBe(10);
    expect(session.spinBlocker).toBeUndefined();
  });

  it('moves the bet one level at a time and stops at the lowest and highest levels', () => {
    const session = new SlotSession(mulberry32(1));
    while (session.lowerBet());
    expect(session.bet).toBe(betLevels[0]);
    expect(session.canLowerBet).toBe(false);
    expect(session.lowerBet()).toBe(false);
    expect(session.bet).toBe(1);

    const seen = [session.bet];
    while (session.raiseBet()) seen.push(session.bet);
    expect(seen).toEqual([...betLevels]);
    expect(session.canRaiseBet).toBe(false);
    expect(session.raiseBet()).toBe(false);
    expect(session.bet).toBe(100);
  });

  it('takes the bet and pays what the window shows into the balance', () => {
    const session = new SlotSession(firstStops);
    const outcome = session.spin()!;
    expect(outcome.stops).toEqual([0, 0, 0, 0, 0]);
    expect(outcome.grid).toEqual(windowAt([0, 0, 0, 0, 0]));
    expect(outcome.totalWin).toBe(outcome.wins.reduce((sum, win) => sum + win.amount, 0));
    expect(outcome.balance).toBe(startingBalance - 10 + outcome.totalWin);
    expect(session.balance).toBe(outcome.balance);
  });

  it('changes the balance on every spin: a loss takes the bet, a win pays at least twice it', () => {
    const session = new SlotSession(mulberry32(5));
    let before = session.balance;
    let wins = 0;
    for (let spin = 0; spin < 50; spin++) {
      const outcome = session.spin()!;
      expect(outcome.balance).not.toBe(before);
      if (outcome.totalWin > 0) wins++;
      before = outcome.balance;
    }
    expect(wins).toBeGreaterThan(0);
  });

  it('refuses a bet above the balance, then refuses everything once the balance is spent', () => {
    const session = new SlotSession(landingOn(losingStops));
    while (session.raiseBet());
    for (let spin = 0; spin < 9; spin++) session.spin();
    expect(session.balance).toBe(100);
    session.lowerBet();
    expect(session.spin()!.balance).toBe(50);

    session.raiseBet();
    expect(session.spinBlocker).toBe('bet-above-balance');
    expect(session.spin()).toBeUndefined();
    expect(session.balance).toBe(50);

    session.lowerBet();
    expect(session.spin()!.balance).toBe(0);
    while (session.lowerBet());
    expect(session.spinBlocker).toBe('balance-spent');
    expect(session.spin()).toBeUndefined();
    expect(session.balance).toBe(0);
  });

  it('never lets the balance go below zero, whatever the bets', () => {
    const session = new SlotSession(mulberry32(3));
    const choices = mulberry32(4);
    for (let step = 0; step < 3_000; step++) {
      if (choices() < 0.5) session.raiseBet();
      else session.lowerBet();
      const before = session.balance;
      const outcome = session.spin();
      expect(outcome === undefined).toBe(session.bet > before);
      expect(session.balance).toBeGreaterThanOrEqual(0);
    }
  });

  it('plays the same session again from the same seed', () => {
    const play = (seed: number) => {
      const session = new SlotSession(mulberry32(seed));
      return Array.from({ length: 30 }, () => session.spin()!.balance);
    };
    expect(play(2024)).toEqual(play(2024));
    expect(play(2024)).not.toEqual(play(2025));
  });
});
