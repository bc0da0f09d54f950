import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchSize, createSignalQueue, maxQueued, type FieldSignal } from './signal-queue.ts';

const versions: Record<string, string> = { games: '1.2.0-bbbb', legal: '1.0.0-cccc' };

/**
 * Field signals with fakes around them: what was sent (and with which token), the vitals callback
 * once loaded, and tokens as the test hands them out (a fresh one for each batch by default).
 */
function setUp({ tokensAtHand = Infinity } = {}) {
  const sent: FieldSignal[][] = [];
  const tokensSent: string[] = [];
  let reportVital: ((name: 'LCP' | 'INP' | 'CLS', value: number) => void) | undefined;
  const watchVitals = vi.fn(async (report: typeof reportVital) => void (reportVital = report));
  const keeper = { left: tokensAtHand, issued: 0, onToken: () => {}, lastTaken: [] as boolean[] };
  const tokens = {
    start: (onToken: () => void) => void (keeper.onToken = onToken),
    take: ({ last = false } = {}) => {
      keeper.lastTaken.push(last);
      return keeper.left > 0 ? (keeper.left--, `token-${++keeper.issued}`) : undefined;
    },
  };
  const signals = createSignalQueue({
    versionOf: async (slice) => versions[slice],
    send: (batch, token) => {
      sent.push(batch);
      tokensSent.push(token);
    },
    tokens,
    watchVitals,
  });
  return {
    signals,
    sent,
    tokensSent,
    /** For each token taken, whether the page was going (no next one is asked for then). */
    lastTaken: keeper.lastTaken,
    watchVitals,
    vital: (name: 'LCP' | 'INP' | 'CLS', value: number) => reportVital!(name, value),
    /** A token arrives. */
    tokenArrives: () => {
      keeper.left += 1;
      keeper.onToken();
    },
  };
}
/** Lets the version look-ups (promises) settle. */
const settled = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};
const hide = () => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
};

afterEach(() => vi.restoreAllMocks());

describe('field signals', () => {
  it('sends nothing, and loads no web-vitals code, before the page is live', async () => {
    const { signals, sent, watchVitals } = setUp();
    for (let i = 0; i < batchSize * 2; i += 1) signals.pageView('games');
    await settled();
    hide();
    dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
    expect(watchVitals).not.toHaveBeenCalled();
    signals.start('games');
    expect(sent.flat()).toHaveLength(batchSize * 2);
    expect(sent.every((batch) => batch.length <= batchSize)).toBe(true);
    expect(watchVitals).toHaveBeenCalledTimes(1);
  });

  it('sends what waited with the rest when the page is hidden: no request as the page goes live', async () => {
    const { signals, sent } = setUp();
    signals.pageView('games');
    await settled();
    signals.start('games');
    expect(sent).toEqual([]);
    hide();
    expect(sent).toEqual([[{ slice: 'games', version: '1.2.0-bbbb', signal: 'view' }]]);
  });

  it('attributes each signal to its slice and the version this tab loads, and nothing else', async () => {
    const { signals, sent } = setUp();
    signals.start('games');
    signals.pageView('games');
    signals.failure('legal', 'load');
    signals.pageView('contact'); // no version known: not sent
    await settled();
    hide();
    expect(sent).toEqual([
      [
        { slice: 'games', version: '1.2.0-bbbb', signal: 'view' },
        { slice: 'legal', version: '1.0.0-cccc', signal: 'load' },
      ],
    ]);
  });

  it('sends a batch as soon as it is large, and the rest when the page is hidden or goes', async () => {
    const { signals, sent } = setUp();
    signals.start(undefined);
    for (let i = 0; i < batchSize + 3; i += 1) signals.pageView('games');
    await settled();
    expect(sent.map((batch) => batch.length)).toEqual([batchSize]);
    hide();
    expect(sent.map((batch) => batch.length)).toEqual([batchSize, 3]);
    signals.pageView('games');
    await settled();
    dispatchEvent(new Event('pagehide'));
    expect(sent.map((batch) => batch.length)).toEqual([batchSize, 3, 1]);
  });

  it(`keeps at most ${maxQueued} signals waiting, dropping the newer`, async () => {
    const { signals, sent } = setUp();
    for (let i = 0; i < maxQueued + 10; i += 1) signals.failure('games', 'render');
    await settled();
    signals.start(undefined);
    hide();
    expect(sent.flat()).toHaveLength(maxQueued);
  });

  it('reports the vitals of the page the document loaded with, to its slice, in range', async () => {
    const { signals, sent, vital } = setUp();
    signals.start('legal');
    await settled();
    vital('LCP', 1.8);
    vital('INP', 600);
    vital('CLS', 0.04);
    await settled();
    hide();
    expect(sent).toEqual([
      [
        { slice: 'legal', version: '1.0.0-cccc', signal: 'LCP', value: 1.8 },
        { slice: 'legal', version: '1.0.0-cccc', signal: 'INP', value: 60 },
        { slice: 'legal', version: '1.0.0-cccc', signal: 'CLS', value: 0.04 },
      ],
    ]);
  });

  it('measures no vitals for a page of no slice', () => {
    const { signals, watchVitals } = setUp();
    signals.start(undefined);
    expect(watchVitals).not.toHaveBeenCalled();
  });

  it('sends each batch with a token of its own', async () => {
    const { signals, sent, tokensSent, lastTaken } = setUp();
    signals.start(undefined);
    for (let i = 0; i < batchSize + 1; i += 1) signals.pageView('games');
    await settled();
    hide();
    expect(sent.map((batch) => batch.length)).toEqual([batchSize, 1]);
    expect(tokensSent).toEqual(['token-1', 'token-2']);
    // As the page goes, its last batch asks for no next token.
    signals.pageView('games');
    await settled();
    dispatchEvent(new Event('pagehide'));
    expect(tokensSent).toEqual(['token-1', 'token-2', 'token-3']);
    expect(lastTaken).toEqual([false, false, true]);
  });

  it('keeps signals in memory while no token is at hand, and sends full batches as soon as one arrives', async () => {
    const { signals, sent, tokensSent, tokenArrives } = setUp({ tokensAtHand: 0 });
    signals.start(undefined);
    for (let i = 0; i < batchSize + 2; i += 1) signals.pageView('games');
    await settled();
    hide();
    dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
    tokenArrives();
    expect(sent.map((batch) => batch.length)).toEqual([batchSize]);
    tokenArrives();
    expect(sent.map((batch) => batch.length)).toEqual([batchSize]);
    hide();
    expect(sent.map((batch) => batch.length)).toEqual([batchSize, 2]);
    expect(tokensSent).toEqual(['token-1', 'token-2']);
  });

  it('counts an error once, as the first kind reported', async () => {
    const { signals, sent } = setUp();
    signals.start(undefined);
    const error = new Error('boom');
    signals.failure('games', 'render', error);
    signals.failure('games', 'hydration', error);
    signals.failure('games', 'hydration', new Error('another'));
    await settled();
    hide();
    expect(sent.flat().map(({ signal }) => signal)).toEqual(['render', 'hydration']);
  });
});
