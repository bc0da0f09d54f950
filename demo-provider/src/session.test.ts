import { describe, expect, it } from 'vitest';
import { windowAt } from './reels.ts';
import { mulberry32 } from './rng.ts';
import { betLevels, SlotSession, startingBalance } from './session.ts';

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

  it('never lets the balance go below zero and says why it stops spinning', () => {
    const session = new SlotSession(mulberry32(3));
    while (session.raiseBet());
    let spins = 0;
    while (session.spin()) {
      expect(session.balance).toBeGreaterThanOrEqual(0);
      spins++;
    }
    expect(spins).toBeGreaterThan(0);
    expect(session.bet).toBeGreaterThan(session.balance);
    expect(session.spinBlocker).toBe(session.balance < 1 ? 'balance-spent' : 'bet-above-balance');
    const balance = session.balance;
    expect(session.spin()).toBeUndefined();
    expect(session.balance).toBe(balance);

    // Lowering the bet to what the balance covers lets play go on, down to nothing at all.
    while (session.balance > 0) {
      while (session.bet > session.balance) session.lowerBet();
      session.spin();
      expect(session.balance).toBeGreaterThanOrEqual(0);
    }
    expect(session.spinBlocker).toBe('balance-spent');
    expect(session.spin()).toBeUndefined();
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
