// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyRemoteMap, type RemoteMapJson } from '@nova/contracts/remote-map';
import { addReadings, defaultGuardRule, startTally, verdict, watchCanary } from './canary-guard.js';
import { addVersion, canaryOf, release, releaseCanary, type CanaryMark } from './map-changes.js';
import { mapStore } from './map-store.js';
import { emptySignals, type Reading, type Signals } from './slice-signals.js';
import { listedVersion } from './test-support.ts';

const signals = (pageViews: number, render = 0, load = 0, clients = 12): Signals => ({
  ...emptySignals(),
  pageViews,
  clients,
  failures: { load, render, hydration: 0 },
});
const rule = defaultGuardRule;
const judge = (canary: Signals, released: Signals, windowOver = false) =>
  verdict({
    canary: { version: 'c', signals: canary },
    released: { version: 'r', signals: released },
    rule,
    windowOver,
  });

describe("the guard's decision", () => {
  it('rolls back a canary that fails clearly more often, with enough views, saying why', () => {
    expect(judge(signals(20, 7), signals(300))).toEqual({
      action: 'roll back',
      why: '7 failures in 20 page views from 12 clients (35.0 %) against 0.0 % for r (threshold: +5 points and 2×, at least 20 views from 10 clients and 3 failures)',
    });
    // 10 % against 4 %: 6 points more and 2.5 times.
    expect(judge(signals(100, 6, 4), signals(1000, 30, 10)).action).toBe('roll back');
  });

  it('does not judge below the minimum sample of views, nor on one or two failures', () => {
    expect(judge(signals(19, 10), signals(300)).action).toBe('watch');
    expect(judge(signals(20, 2), signals(300)).action).toBe('watch');
  });

  it('judges a canary only once enough distinct clients sent its signals: one source is not enough', () => {
    // The review's attack, from one client: 64 failures in 160 page views; then 160 clean views.
    expect(judge(signals(160, 64, 0, 1), signals(300)).action).toBe('watch');
    expect(judge(signals(160, 64, 0, 9), signals(300), true)).toEqual({
      action: 'keep',
      why: '64 failures in 160 page views from only 9 clients, fewer distinct clients than the 10 the rule needs to judge it',
    });
    expect(judge(signals(160, 0, 0, 1), signals(300), true).action).toBe('keep');
    expect(judge(signals(160, 64, 0, 10), signals(300)).action).toBe('roll back');
  });

  it('needs both: 5 points more and twice the rate', () => {
    // 14 % against 8 %: 6 points more, but not twice.
    expect(judge(signals(100, 14), signals(100, 8)).action).toBe('watch');
    // 4 % against 1 %: four times, but only 3 points more.
    expect(judge(signals(100, 4), signals(100, 1)).action).toBe('watch');
  });

  it('promotes after a clean window with enough views; keeps the canary without them', () => {
    expect(judge(signals(40, 1), signals(400, 2), true)).toEqual({
      action: 'promote',
      why: '1 failure in 40 page views from 12 clients (2.5 %) against 0.5 % for r, not worse by the rule (+5 points and 2×, at least 20 views from 10 clients and 3 failures)',
    });
    expect(judge(signals(12), signals(400), true)).toEqual({
      action: 'keep',
      why: 'only 0 failures in 12 page views, fewer views than the 20 the rule needs to judge it',
    });
    expect(judge(signals(20, 7), signals(300), true).action).toBe('roll back');
  });
});

describe('the tally since the guard started', () => {
  const reading = (canaryViews: number, releasedViews: number): Reading =>
    new Map([
      ['c', signals(canaryViews)],
      ['r', signals(releasedViews)],
    ]);

  it('counts only what happened since the start, on every server, across a restart', () => {
    let tally = startTally(
      new Map([
        ['a', reading(5, 100)],
        ['b', reading(0, 50)],
      ]),
    );
    tally = addReadings(
      tally,
      new Map([
        ['a', reading(8, 130)],
        ['b', reading(2, 60)],
      ]),
    );
    // Server b restarted (its counts fell) and counted 1 and 4 since; a was not reachable.
    tally = addReadings(
      tally,
      new Map<string, Reading | Error>([
        ['a', new Error('down')],
        ['b', reading(1, 4)],
      ]),
    );
    tally = addReadings(tally, new Map([['a', reading(10, 150)]]));
    expect(tally.counted.get('c')?.pageViews).toBe(3 + 2 + 1 + 2);
    expect(tally.counted.get('r')?.pageViews).toBe(30 + 10 + 4 + 20);
  });
});

/** A slice with a released version and a canary at 10 %, in a map store in memory. */
function environment() {
  let map: RemoteMapJson = ['r', 'c', 'other'].reduce(
    (listed, number) => addVersion(listed, 'legal', listedVersion(number)),
    emptyRemoteMap(),
  );
  map = releaseCanary(release(map, 'legal', 'r', new Date(0)), 'legal', 'c', 10, new Date(1000));
  let revision = 0;
  const store = mapStore({
    location: 'memory',
    read: async () => ({ map, revision: String(revision) }),
    replace: async (read, next) => {
      if (read !== String(revision)) return undefined;
      map = next;
      revision += 1;
      return String(revision);
    },
  });
  return { store, canary: canaryOf(map, 'legal') as CanaryMark, map: () => map };
}

/**
 * A guard on fake time: each poll the servers answer the next of `polls` (canary and released
 * page views and failures since the start); `sleep` moves the clock.
 */
function guard(
  polls: [Signals, Signals][],
  env = environment(),
  { beforePoll = async (): Promise<unknown> => undefined, problems = (): string[] => [] } = {},
) {
  let clock = 0;
  let poll = 0;
  const lines: string[] = [];
  const slept: number[] = [];
  const run = watchCanary({
    slice: 'legal',
    canary: env.canary,
    released: 'r',
    store: env.store,
    baseline: new Map([['server', new Map([['other', signals(1000, 900)]])]]),
    read: async () => {
      await beforePoll();
      const [canary, released] = polls[Math.min(poll, polls.length - 1)]!;
      poll += 1;
      const reading: Reading = new Map([
        ['other', signals(1000, 900)],
        ['c', canary],
        ['r', released],
      ]);
      return new Map([['server', reading]]);
    },
    rule,
    windowMs: 60_000,
    intervalMs: 10_000,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    now: () => new Date(clock),
    log: (line) => lines.push(line),
    problems,
  });
  return { run, lines, slept, env, polls: () => poll };
}

describe('the guard watching a canary', () => {
  it('rolls it back as soon as it is clearly worse: all traffic to the released version', async () => {
    const { run, env, polls } = guard([
      [signals(10, 1), signals(100)],
      [signals(20, 7), signals(200)],
      [signals(30, 7), signals(300)],
    ]);
    expect(await run).toEqual({
      outcome: 'rolled back',
      message:
        'legal c rolled back: 7 failures in 20 page views from 12 clients (35.0 %) against 0.0 % for r (threshold: +5 points and 2×, at least 20 views from 10 clients and 3 failures).',
    });
    expect(polls()).toBe(2);
    expect(canaryOf(env.map(), 'legal')).toBeUndefined();
    expect(env.map().microFrontends.legal?.map((listed) => listed.deployment.traffic)).toEqual([100, 0, 0]);
  });

  it('promotes it after a clean window, and not before', async () => {
    const { run, env, slept, lines } = guard([[signals(40, 1), signals(400, 2)]]);
    const { outcome } = await run;
    expect(outcome).toBe('promoted');
    expect(slept.reduce((sum, ms) => sum + ms, 0)).toBe(60_000);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('  10 s: legal c: 1 failure in 40 page views from 12 clients (2.5 %) against 0.5 % for r');
    const released = env.map().microFrontends.legal?.find((listed) => listed.deployment.default);
    expect(released?.metadata.version).toBe('c');
    expect(released?.deployment.traffic).toBe(100);
  });

  it('does not promote a clean canary that no longer fits the shell: it stays at its share, and says why', async () => {
    const unfit = 'legal c needs @nova/store ^1.1.0; the shell provides @nova/store 1.0.0.';
    const { run, env } = guard([[signals(40, 1), signals(400, 2)]], environment(), { problems: () => [unfit] });
    const { outcome, message } = await run;
    expect(outcome).toBe('kept');
    expect(message).toBe(
      `legal c stays the canary at 10 %: 1 failure in 40 page views from 12 clients (2.5 %) against 0.5 % for r, not worse by the rule (+5 points and 2×, at least 20 views from 10 clients and 3 failures), but it is not promoted: ${unfit}`,
    );
    expect(canaryOf(env.map(), 'legal')).toEqual(env.canary);
  });

  it('leaves it at its share when the window ends below the minimum sample', async () => {
    const { run, env } = guard([[signals(5), signals(50)]]);
    expect(await run).toEqual({
      outcome: 'kept',
      message:
        'legal c stays the canary at 10 %: only 0 failures in 5 page views, fewer views than the 20 the rule needs to judge it.',
    });
    expect(canaryOf(env.map(), 'legal')).toEqual(env.canary);
  });

  it('stops, changing nothing, when someone changed the canary under it', async () => {
    const env = environment();
    const { run } = guard([[signals(30, 10), signals(300)]], env, {
      beforePoll: () => env.store.update((map) => releaseCanary(map, 'legal', 'other', 20, new Date(5000))),
    });
    expect(await run).toEqual({
      outcome: 'changed',
      message: 'legal c is no longer the canary this guard set (at 10 %): someone changed it, so the guard stops.',
    });
    expect(canaryOf(env.map(), 'legal')?.version).toBe('other');
  });

  it('acts on the map only if its canary is still there when it writes', async () => {
    const env = environment();
    // The map changes between the guard's check and its write: the write must not undo it.
    const update = env.store.update;
    env.store.update = async (change) => {
      await update((map) => releaseCanary(map, 'legal', 'other', 20, new Date(5000)));
      return update(change);
    };
    const { run } = guard([[signals(30, 10), signals(300)]], env);
    expect((await run).outcome).toBe('changed');
    expect(canaryOf(env.map(), 'legal')).toMatchObject({ version: 'other', share: 20 });
  });
});
