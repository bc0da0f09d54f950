// @vitest-environment node
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerLedgerRequests, createLedger, ledgerBounds, ledgerOverIpc } from './client-ledger.mjs';

const clock = { now: Date.UTC(2026, 10, 25, 12) };
const now = () => clock.now;
const minute = 60_000;
const spend = (
  id: string,
  { expiresAt = clock.now + 15 * minute, client = 'c1', versions = ['games@1.0.0'] } = {},
) => ({
  id,
  expiresAt,
  client,
  versions,
});

describe('the client ledger', () => {
  it('spends a token once, until it expires', () => {
    const ledger = createLedger({ now });
    expect(ledger.redeem(spend('a'))).toEqual({ spent: true, newFor: ['games@1.0.0'] });
    expect(ledger.redeem(spend('a'))).toEqual({ spent: false, why: 'used' });
    expect(ledger.redeem(spend('b'))).toEqual({ spent: true, newFor: [] });
  });

  it('forgets spent tokens once they have expired, and refuses more than it can hold meanwhile', () => {
    const ledger = createLedger({ now, bounds: { ...ledgerBounds, tokens: 2 } });
    const expiresAt = clock.now + 2 * minute;
    expect(ledger.redeem(spend('a', { expiresAt })).spent).toBe(true);
    expect(ledger.redeem(spend('b', { expiresAt })).spent).toBe(true);
    expect(ledger.redeem(spend('c', { expiresAt }))).toEqual({ spent: false, why: 'full' });
    clock.now = expiresAt + minute;
    expect(ledger.redeem(spend('c')).spent).toBe(true);
  });

  it('counts a client once per version, up to its bound per version', () => {
    const ledger = createLedger({ now, bounds: { ...ledgerBounds, clientsPerVersion: 2 } });
    const versions = ['games@1.0.0', 'legal@2.0.0'];
    expect(ledger.redeem(spend('a', { client: 'c1', versions }))).toEqual({ spent: true, newFor: versions });
    expect(ledger.redeem(spend('b', { client: 'c1', versions }))).toEqual({ spent: true, newFor: [] });
    expect(ledger.redeem(spend('c', { client: 'c2', versions: ['games@1.0.0'] }))).toEqual({
      spent: true,
      newFor: ['games@1.0.0'],
    });
    // games@1.0.0 has counted its two clients: a third is not counted there (never one twice).
    expect(ledger.redeem(spend('d', { client: 'c3', versions }))).toEqual({ spent: true, newFor: ['legal@2.0.0'] });
  });

  it('limits each client and kind of request on its own', () => {
    const ledger = createLedger({
      now,
      rates: { token: { burst: 1, perSecond: 1 }, batch: { burst: 2, perSecond: 1 } },
    });
    expect([ledger.allow('token', 'c1'), ledger.allow('token', 'c1'), ledger.allow('token', 'c2')]).toEqual([
      true,
      false,
      true,
    ]);
    expect([ledger.allow('batch', 'c1'), ledger.allow('batch', 'c1'), ledger.allow('batch', 'c1')]).toEqual([
      true,
      true,
      false,
    ]);
    clock.now += 1000;
    expect(ledger.allow('token', 'c1')).toBe(true);
  });
});

describe('over IPC', () => {
  afterEach(() => vi.useRealTimers());

  /** A worker's end and the primary's, wired to each other as node:cluster wires them. */
  function wired() {
    const worker = Object.assign(new EventEmitter(), {
      send: (message: unknown) => primary.emit('message', workerHandle, message),
    });
    const workerHandle = { isConnected: () => true, send: (message: unknown) => worker.emit('message', message) };
    const primary = new EventEmitter();
    return { worker, primary };
  }

  it('asks the primary with one listener however many questions are in flight', async () => {
    const { worker, primary } = wired();
    answerLedgerRequests(createLedger({ now }), primary as never);
    const ledger = ledgerOverIpc({ worker: worker as never });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ledger.redeem(spend(i % 2 ? 'same' : `t${i}`))),
    );
    expect(answers.filter((answer) => answer.spent)).toHaveLength(26);
    expect(await ledger.allow('batch', 'c1')).toBe(true);
    expect(worker.listenerCount('message')).toBe(1);
  });

  it('fails a question the primary does not answer in time', async () => {
    vi.useFakeTimers();
    const worker = Object.assign(new EventEmitter(), { send: () => true });
    const answer = ledgerOverIpc({ worker: worker as never, timeoutMs: 2000 }).allow('batch', 'c1');
    const failed = expect(answer).rejects.toThrow('The primary did not answer for the client ledger.');
    await vi.advanceTimersByTimeAsync(2000);
    await failed;
  });

  it('answers nothing to a question it does not know', () => {
    const primary = new EventEmitter();
    answerLedgerRequests(createLedger({ now }), primary as never);
    const sent: unknown[] = [];
    const handle = { isConnected: () => true, send: (message: unknown) => sent.push(message) };
    primary.emit('message', handle, { type: 'nova:ledger-request', id: 1, call: 'allow', args: ['other', 'c1'] });
    expect(sent).toEqual([{ type: 'nova:ledger-answer', id: 1, result: undefined }]);
  });
});
