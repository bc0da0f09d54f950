// @ts-check
// The figures a team reads of a slice version's field signals: its failure rates over its page
// views, and the 75th percentile of its LCP and INP estimated from their histograms.

/** @typedef {import('./slice-signals.js').Signals} Signals */
/** @typedef {import('./slice-signals.js').Histogram} Histogram */

/**
 * The q-quantile of a histogram's observations, as Prometheus' histogram_quantile() estimates
 * it: found in the bucket that holds it and interpolated linearly inside that bucket (from 0 for
 * the first); in the +Inf bucket it is the highest finite bound. Undefined with no observations
 * or no +Inf bucket.
 * @param {number} q from 0 to 1
 * @param {Histogram} histogram
 */
export function histogramQuantile(q, { buckets }) {
  const sorted = [...buckets].sort(([a], [b]) => a - b);
  // Counts must not fall from one bucket to the next (Prometheus evens them out the same way).
  for (let index = 1; index < sorted.length; index += 1) {
    const [le, total] = /** @type {[number, number]} */ (sorted[index]);
    sorted[index] = [le, Math.max(total, /** @type {[number, number]} */ (sorted[index - 1])[1])];
  }
  const last = sorted.at(-1);
  if (sorted.length < 2 || !last || last[0] !== Infinity || last[1] <= 0) return undefined;
  let rank = q * last[1];
  const index = sorted.findIndex(([, total]) => total >= rank);
  if (index === sorted.length - 1) return /** @type {[number, number]} */ (sorted.at(-2))[0];
  const [end, total] = /** @type {[number, number]} */ (sorted[index]);
  if (index === 0 && end <= 0) return end;
  const [start, below] = index === 0 ? [0, 0] : /** @type {[number, number]} */ (sorted[index - 1]);
  rank -= below;
  return start + (end - start) * (rank / (total - below));
}

/**
 * @typedef {object} Figures
 * @property {number} pageViews
 * @property {number} clients distinct clients whose signals were taken
 * @property {number} failures failures of every kind
 * @property {number | undefined} failureRate failures of every kind over page views (0–1)
 * @property {number | undefined} renderErrorRate
 * @property {number | undefined} loadFailureRate
 * @property {number} hydrationFailures
 * @property {number | undefined} lcpP75 seconds
 * @property {number | undefined} inpP75 seconds
 */

/**
 * A version's figures (a rate is undefined with no page views, a percentile with no observations).
 * @param {Signals} signals
 * @returns {Figures}
 */
export function figuresOf({ pageViews, clients, failures, vitals }) {
  const rate = (/** @type {number} */ count) => (pageViews > 0 ? count / pageViews : undefined);
  const allFailures = failures.load + failures.render + failures.hydration;
  return {
    pageViews,
    clients,
    failures: allFailures,
    failureRate: rate(allFailures),
    renderErrorRate: rate(failures.render),
    loadFailureRate: rate(failures.load),
    hydrationFailures: failures.hydration,
    lcpP75: histogramQuantile(0.75, vitals.LCP),
    inpP75: histogramQuantile(0.75, vitals.INP),
  };
}

/** A rate as a percentage with one decimal (`35.0 %`), or a dash. */
export const percent = (/** @type {number | undefined} */ rate) =>
  rate === undefined ? '–' : `${(rate * 100).toFixed(1)} %`;

/** A duration in seconds as people read it (`180 ms`, `2.41 s`), or a dash. */
export const seconds = (/** @type {number | undefined} */ value) =>
  value === undefined ? '–' : value < 1 ? `${Math.round(value * 1000)} ms` : `${value.toFixed(2)} s`;
