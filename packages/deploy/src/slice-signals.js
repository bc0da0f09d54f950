// @ts-check
// A slice's field signals as the composer counts them (/metrics, Prometheus text): per
// version, its page views, its failures by kind, and its Web Vitals' histograms. Read from one
// server or several (instances, summed), and turned into increases between two readings the way
// Prometheus' increase() does: a counter that went down means its instance restarted.
import { failureKinds, metricNames, vitalNames } from '@nova/contracts/field-signals';
import { getMetricsFromIterator } from 'prom2javascript';

/** @typedef {(typeof failureKinds)[number]} FailureKind */
/** @typedef {(typeof vitalNames)[number]} VitalName */
/**
 * A histogram: the cumulative count of each bucket by its upper bound (`le`, `Infinity` last), the
 * count and the sum of the observations.
 * @typedef {{ buckets: Map<number, number>, count: number, sum: number }} Histogram
 */
/**
 * A version's signals: page views, failures by kind, vitals, and the distinct clients whose
 * signals were taken (each server counts its own: summed over servers, a client two servers
 * counted is two).
 * @typedef {{ pageViews: number, clients: number, failures: Record<FailureKind, number>, vitals: Record<VitalName, Histogram> }} Signals
 */
/** One reading of one server: each version of the slice and its signals. @typedef {Map<string, Signals>} Reading */

const emptyHistogram = () => /** @type {Histogram} */ ({ buckets: new Map(), count: 0, sum: 0 });

/** @returns {Signals} */
export const emptySignals = () => ({
  pageViews: 0,
  clients: 0,
  failures: { load: 0, render: 0, hydration: 0 },
  vitals: { LCP: emptyHistogram(), INP: emptyHistogram(), CLS: emptyHistogram() },
});

/** The families this reads; a server's other metrics are left unparsed. */
/** @type {readonly string[]} */
const families = [
  metricNames.pageViews,
  metricNames.clients,
  metricNames.failures,
  ...vitalNames.map((name) => metricNames[name]),
];
const familyOf = (/** @type {string} */ line) =>
  /^(?:#\s+(?:HELP|TYPE)\s+)?([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line)?.[1]?.replace(/_(?:bucket|sum|count)$/, '');

/**
 * The signals of `slice`'s versions in one server's metrics text.
 * @param {string} text Prometheus text format
 * @param {string} slice
 * @returns {Promise<Reading>}
 */
export async function readingOf(text, slice) {
  const ours = text.split('\n').filter((line) => families.includes(familyOf(line) ?? ''));
  const metrics = await getMetricsFromIterator(ours.values());
  /** @type {Reading} */
  const reading = new Map();
  const signalsOf = (/** @type {Record<string, string>} */ labels) => {
    if (labels.slice !== slice || labels.version === undefined) return undefined;
    if (!reading.has(labels.version)) reading.set(labels.version, emptySignals());
    return reading.get(labels.version);
  };
  for (const { labels, value } of samples(metrics[metricNames.pageViews])) {
    const signals = signalsOf(labels);
    if (signals) signals.pageViews += value;
  }
  for (const { labels, value } of samples(metrics[metricNames.clients])) {
    const signals = signalsOf(labels);
    if (signals) signals.clients += value;
  }
  for (const { labels, value } of samples(metrics[metricNames.failures])) {
    const signals = signalsOf(labels);
    const kind = /** @type {FailureKind} */ (labels.kind);
    if (signals && failureKinds.includes(kind)) signals.failures[kind] += value;
  }
  for (const vital of vitalNames) {
    for (const { labels, buckets, count, sum } of histograms(metrics[metricNames[vital]])) {
      const signals = signalsOf(labels);
      if (!signals) continue;
      signals.vitals[vital] = {
        buckets: new Map(
          Object.entries(buckets)
            .map(([le, total]) => /** @type {[number, number]} */ ([upperBound(le), total]))
            .sort(([a], [b]) => a - b),
        ),
        count,
        sum: sum ?? 0,
      };
    }
  }
  return reading;
}

/** A bucket's upper bound: a number, or `+Inf`. */
const upperBound = (/** @type {string} */ le) => (le === '+Inf' ? Infinity : Number(le));

/** @typedef {import('prom2javascript').PromMetric | undefined} Family */
const samples = (/** @type {Family} */ family) =>
  family?.type === 'counter' || family?.type === 'unknown'
    ? /** @type {import('prom2javascript').PromData[]} */ (family.data)
    : [];
const histograms = (/** @type {Family} */ family) =>
  family?.type === 'histogram' ? /** @type {import('prom2javascript').PromHistogramData[]} */ (family.data) : [];

/**
 * Combines two histograms bucket by bucket (`sign` -1: the first minus the second).
 * @param {Histogram} a
 * @param {Histogram} b
 * @param {1 | -1} sign
 * @returns {Histogram}
 */
function combineHistograms(a, b, sign) {
  const buckets = new Map(a.buckets);
  for (const [le, total] of b.buckets) buckets.set(le, (buckets.get(le) ?? 0) + sign * total);
  return { buckets, count: a.count + sign * b.count, sum: a.sum + sign * b.sum };
}

/**
 * Combines two versions' signals, field by field.
 * @param {Signals} a
 * @param {Signals} b
 * @param {1 | -1} [sign] -1: `a` minus `b`
 * @returns {Signals}
 */
function combineSignals(a, b, sign = 1) {
  const vitals = /** @type {Record<VitalName, Histogram>} */ ({});
  for (const vital of vitalNames) vitals[vital] = combineHistograms(a.vitals[vital], b.vitals[vital], sign);
  const failures = /** @type {Record<FailureKind, number>} */ ({});
  for (const kind of failureKinds) failures[kind] = a.failures[kind] + sign * b.failures[kind];
  return { pageViews: a.pageViews + sign * b.pageViews, clients: a.clients + sign * b.clients, failures, vitals };
}

/**
 * Readings of several servers summed: what the slice's versions did on all of them.
 * @param {Iterable<Reading>} readings
 * @returns {Reading}
 */
export function sumReadings(readings) {
  /** @type {Reading} */
  const sum = new Map();
  for (const reading of readings) {
    for (const [version, signals] of reading) {
      sum.set(version, combineSignals(sum.get(version) ?? emptySignals(), signals));
    }
  }
  return sum;
}

/** Every counter of a version's signals (page views, failures, histogram counts and buckets). */
const countersOf = (/** @type {Signals} */ signals) => [
  signals.pageViews,
  signals.clients,
  ...Object.values(signals.failures),
  ...Object.values(signals.vitals).flatMap((histogram) => [histogram.count, ...histogram.buckets.values()]),
];

/**
 * Whether a server restarted between two of its readings: one of its counters went down (a
 * version it counted is gone, or counts less).
 * @param {Reading} before
 * @param {Reading} after
 */
export function restarted(before, after) {
  for (const [version, earlier] of before) {
    const later = countersOf(combineSignals(after.get(version) ?? emptySignals(), earlier, -1));
    if (later.some((difference) => difference < 0)) return true;
  }
  return false;
}

/**
 * What one server counted between two of its readings. After a restart its counters began
 * again from zero, so all it counts now is new.
 * @param {Reading} before
 * @param {Reading} after
 * @returns {Reading}
 */
export function increase(before, after) {
  if (restarted(before, after)) return after;
  /** @type {Reading} */
  const increases = new Map();
  for (const [version, later] of after) {
    increases.set(version, combineSignals(later, before.get(version) ?? emptySignals(), -1));
  }
  return increases;
}

/**
 * Reads one server's metrics; an unreachable server, an error status or text that is not
 * Prometheus' is an error that says so in a sentence.
 * @param {string} url
 * @param {string} slice
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<Reading>}
 */
export async function readMetrics(url, slice, { timeoutMs = 5000 } = {}) {
  /** @type {string} */
  let text;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`it answered ${response.status} ${response.statusText}`.trim());
    text = await response.text();
  } catch (error) {
    throw new Error(`Cannot read the metrics at ${url}: ${reasonOf(error)}.`);
  }
  try {
    return await readingOf(text, slice);
  } catch (error) {
    throw new Error(`The metrics at ${url} are not Prometheus text: ${reasonOf(error)}.`);
  }
}

/**
 * Reads every server's metrics at once: each one's reading, or the error that kept it from it.
 * @param {readonly string[]} urls
 * @param {string} slice
 * @returns {Promise<Map<string, Reading | Error>>}
 */
export async function readServers(urls, slice) {
  const settled = await Promise.allSettled(urls.map((url) => readMetrics(url, slice)));
  return new Map(
    settled.map((result, index) => [
      /** @type {string} */ (urls[index]),
      result.status === 'fulfilled' ? result.value : /** @type {Error} */ (result.reason),
    ]),
  );
}

/** The most telling words of a failed fetch: its cause's (ECONNREFUSED…) rather than "fetch failed". */
function reasonOf(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer in time';
  const cause = /** @type {{ code?: unknown, message?: unknown } | undefined} */ (error.cause);
  return typeof cause?.code === 'string'
    ? cause.code
    : typeof cause?.message === 'string'
      ? cause.message
      : error.message;
}
