// @ts-check
// The canary guard: watches a slice's canary against its released version in the field signals
// counted since the guard started, rolls the canary back as soon as it fails visitors clearly
// more often, and promotes it after a window in which it did not.
import { canaryOf, release, sameCanary, withdrawCanary } from './map-changes.js';
import { figuresOf, percent } from './signal-figures.js';
import { emptySignals, increase, sumReadings } from './slice-signals.js';

/** @typedef {import('./map-changes.js').CanaryMark} CanaryMark */
/** @typedef {import('./map-store.js').MapStore} MapStore */
/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */
/** @typedef {import('./slice-signals.js').Reading} Reading */
/** @typedef {import('./slice-signals.js').Signals} Signals */

/**
 * When a canary is judged at all: once it has at least `minViews` page views from at least
 * `minClients` distinct clients (so that no one client, however many batches it sends, decides).
 * When it is clearly worse: besides, it has at least `minFailures` failures, and its failure rate
 * is at least `worseByPoints` percentage points above the released version's and at least
 * `worseTimes` times it.
 * @typedef {{ minViews: number, minClients: number, minFailures: number, worseByPoints: number, worseTimes: number }} GuardRule
 */

/**
 * Ten clients: a visitor shows about two pages, so the 20 views it takes to judge come from about
 * ten visitors anyway; one source sending many batches (or a few) is not enough to decide.
 * @type {GuardRule}
 */
export const defaultGuardRule = { minViews: 20, minClients: 10, minFailures: 3, worseByPoints: 5, worseTimes: 2 };

/** How long a clean canary is watched before its promotion, and how often the metrics are read. */
export const defaultWindow = '10m';
export const defaultInterval = '5s';

/**
 * What the guard does now: roll back, promote, keep the canary as it is and stop, or watch on.
 * @typedef {{ action: 'roll back' | 'promote' | 'keep' | 'watch', why: string }} Verdict
 */

const failuresIn = (/** @type {{ failures: number, pageViews: number }} */ { failures, pageViews }) =>
  `${failures} failure${failures === 1 ? '' : 's'} in ${pageViews} page view${pageViews === 1 ? '' : 's'}`;
const clientsIn = (/** @type {number} */ clients) => `${clients} client${clients === 1 ? '' : 's'}`;

/** The rule in words, for the messages. */
export const ruleInWords = (/** @type {GuardRule} */ rule) =>
  `+${rule.worseByPoints} points and ${rule.worseTimes}×, at least ${rule.minViews} views from ` +
  `${rule.minClients} clients and ${rule.minFailures} failures`;

/**
 * The guard's decision from what the canary and the released version did since it started.
 * @param {object} watched
 * @param {{ version: string, signals: Signals }} watched.canary
 * @param {{ version: string, signals: Signals }} watched.released
 * @param {GuardRule} watched.rule
 * @param {boolean} watched.windowOver whether the clean window has passed
 * @returns {Verdict}
 */
export function verdict({ canary, released, rule, windowOver }) {
  const ours = figuresOf(canary.signals);
  const theirs = figuresOf(released.signals);
  const ourRate = ours.failureRate ?? 0;
  const theirRate = theirs.failureRate ?? 0;
  const viewed = ours.pageViews >= rule.minViews;
  const sampled = viewed && ours.clients >= rule.minClients;
  const worse =
    sampled &&
    ours.failures >= rule.minFailures &&
    ourRate - theirRate >= rule.worseByPoints / 100 &&
    ourRate >= rule.worseTimes * theirRate;
  const against =
    `${failuresIn(ours)} from ${clientsIn(ours.clients)} (${percent(ours.failureRate)}) ` +
    `against ${percent(theirs.failureRate)} for ${released.version}`;
  if (worse) return { action: 'roll back', why: `${against} (threshold: ${ruleInWords(rule)})` };
  if (!windowOver) return { action: 'watch', why: against };
  if (sampled) return { action: 'promote', why: `${against}, not worse by the rule (${ruleInWords(rule)})` };
  if (!viewed)
    return {
      action: 'keep',
      why: `only ${failuresIn(ours)}, fewer views than the ${rule.minViews} the rule needs to judge it`,
    };
  return {
    action: 'keep',
    why:
      `${failuresIn(ours)} from only ${clientsIn(ours.clients)}, fewer distinct clients than the ` +
      `${rule.minClients} the rule needs to judge it`,
  };
}

/**
 * What every server counted since the guard started: `last` is each server's latest reading,
 * `counted` the increases summed so far.
 * @typedef {{ last: Map<string, Reading>, counted: Reading }} Tally
 */

/** A tally that starts from each server's reading at the start. */
export const startTally = (/** @type {Map<string, Reading>} */ baseline) =>
  /** @type {Tally} */ ({ last: new Map(baseline), counted: new Map() });

/**
 * Adds a round of readings to the tally; a server that could not be read this round is left out
 * (its increase is counted at its next reading).
 * @param {Tally} tally
 * @param {Map<string, Reading | Error>} readings by server
 * @returns {Tally}
 */
export function addReadings(tally, readings) {
  const last = new Map(tally.last);
  const increases = [];
  for (const [server, reading] of readings) {
    if (reading instanceof Error) continue;
    increases.push(increase(last.get(server) ?? reading, reading));
    last.set(server, reading);
  }
  return { last, counted: sumReadings([tally.counted, ...increases]) };
}

/**
 * @typedef {object} Watch
 * @property {string} slice
 * @property {CanaryMark} canary the canary the guard set
 * @property {string} released the released version
 * @property {MapStore} store
 * @property {Map<string, Reading>} baseline every server's reading before the canary was set
 * @property {() => Promise<Map<string, Reading | Error>>} read reads every server
 * @property {GuardRule} rule
 * @property {number} windowMs
 * @property {number} intervalMs
 * @property {(ms: number) => Promise<unknown>} sleep
 * @property {() => Date} now
 * @property {(line: string) => void} log
 * @property {() => string[] | Promise<string[]>} [problems] why the canary may not be released now
 *   (the contract check against today's shell), asked again before it is promoted; none by default
 */

/**
 * Watches the canary until it is rolled back, promoted, left as it is at the end of the window
 * for want of page views, or changed by someone else; says which, and why.
 * @param {Watch} watch
 * @returns {Promise<{ outcome: 'rolled back' | 'promoted' | 'kept' | 'changed', message: string }>}
 */
export async function watchCanary({
  slice,
  canary,
  released,
  store,
  baseline,
  read,
  rule,
  windowMs,
  intervalMs,
  sleep,
  now,
  log,
  problems = () => [],
}) {
  const name = `${slice} ${canary.version}`;
  const started = now().getTime();
  let tally = startTally(baseline);
  const stillOurs = (/** @type {RemoteMapJson} */ map) => sameCanary(canaryOf(map, slice), canary);
  const changed = () => ({
    outcome: /** @type {const} */ ('changed'),
    message: `${name} is no longer the canary this guard set (at ${canary.share} %): someone changed it, so the guard stops.`,
  });
  for (;;) {
    const elapsed = now().getTime() - started;
    await sleep(Math.max(0, Math.min(intervalMs, windowMs - elapsed)));
    const readings = await read();
    for (const reading of readings.values()) {
      if (reading instanceof Error) log(`  ${reading.message} (counted at its next reading)`);
    }
    tally = addReadings(tally, readings);
    if (!stillOurs((await store.read()).map)) return changed();
    const windowOver = now().getTime() - started >= windowMs;
    const { action, why } = verdict({
      canary: { version: canary.version, signals: tally.counted.get(canary.version) ?? emptySignals() },
      released: { version: released, signals: tally.counted.get(released) ?? emptySignals() },
      rule,
      windowOver,
    });
    if (action === 'watch') {
      log(`  ${Math.round((now().getTime() - started) / 1000)} s: ${name}: ${why}`);
      continue;
    }
    if (action === 'keep') {
      return { outcome: 'kept', message: `${name} stays the canary at ${canary.share} %: ${why}.` };
    }
    // The shell may have changed since the canary was set: promoting is releasing, checked again.
    const unfit = action === 'promote' ? await problems() : [];
    if (unfit.length > 0) {
      return {
        outcome: 'kept',
        message: `${name} stays the canary at ${canary.share} %: ${why}, but it is not promoted: ${unfit.join(' ')}`,
      };
    }
    const change =
      action === 'roll back'
        ? (/** @type {RemoteMapJson} */ map) => withdrawCanary(map, slice, now())
        : (/** @type {RemoteMapJson} */ map) => release(map, slice, canary.version, now());
    const { previous } = await store.update((map) => (stillOurs(map) ? change(map) : map));
    if (!stillOurs(previous)) return changed();
    return action === 'roll back'
      ? { outcome: 'rolled back', message: `${name} rolled back: ${why}.` }
      : { outcome: 'promoted', message: `${name} promoted to 100 %: ${why}.` };
  }
}
