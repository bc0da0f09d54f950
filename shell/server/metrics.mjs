// @ts-check
// The composing server's metrics (Prometheus): what visitors' browsers report of each slice
// version (field-signals.mjs counts them here), and the batches refused. Each process counts in
// its own registry; under node:cluster the primary sums the workers' registries for /metrics.
import cluster from 'node:cluster';
import { metricNames } from '@nova/contracts/field-signals';
import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('@nova/contracts/field-signals').failureKinds[number]} FailureKind */
/** @typedef {import('@nova/contracts/field-signals').vitalNames[number]} VitalName */

/**
 * Why a batch was refused: the only values of the `reason` label. Nothing of a payload ever
 * becomes a label.
 */
export const rejectReasons = /** @type {const} */ ([
  'method',
  'content-type',
  'too-large',
  'not-json',
  'malformed',
  'too-many',
  'unknown-slice',
  'unlisted-version',
  'unknown-signal',
  'value',
  'rate-limited',
  'no-remote-map',
]);
/** @typedef {typeof rejectReasons[number]} RejectReason */

/**
 * Histogram buckets around each vital's thresholds (good / poor: LCP 2.5 s / 4 s, INP 200 ms /
 * 500 ms, CLS 0.1 / 0.25), finer where releases are told apart.
 */
export const vitalBuckets = {
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
  INP: [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2],
  CLS: [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.5, 1],
};

/**
 * The field-signal metrics, in `registry`.
 * @param {Registry} [registry]
 */
export function fieldMetrics(registry = new Registry()) {
  const registers = [registry];
  const pageViews = new Counter({
    name: metricNames.pageViews,
    help: 'Pages of a slice version shown to visitors.',
    labelNames: ['slice', 'version'],
    registers,
  });
  const failures = new Counter({
    name: metricNames.failures,
    help: 'Pages of a slice version that failed a visitor: load (the fallback showed), render or hydration.',
    labelNames: ['slice', 'version', 'kind'],
    registers,
  });
  const vitals = {
    LCP: vitalHistogram('LCP', 'Largest Contentful Paint of pages of a slice version, in seconds.'),
    INP: vitalHistogram('INP', 'Interaction to Next Paint of pages of a slice version, in seconds.'),
    CLS: vitalHistogram('CLS', 'Cumulative Layout Shift of pages of a slice version.'),
  };
  const rejected = new Counter({
    name: metricNames.rejected,
    help: 'Field-signal batches refused, by reason.',
    labelNames: ['reason'],
    registers,
  });
  for (const reason of rejectReasons) rejected.inc({ reason }, 0);

  /** @param {VitalName} vital @param {string} help */
  function vitalHistogram(vital, help) {
    const name = metricNames[vital];
    return new Histogram({ name, help, labelNames: ['slice', 'version'], buckets: vitalBuckets[vital], registers });
  }

  return {
    registry,
    pageView: (/** @type {SliceName} */ slice, /** @type {string} */ version) => pageViews.inc({ slice, version }),
    failure: (/** @type {SliceName} */ slice, /** @type {string} */ version, /** @type {FailureKind} */ kind) =>
      failures.inc({ slice, version, kind }),
    vital: (
      /** @type {SliceName} */ slice,
      /** @type {string} */ version,
      /** @type {VitalName} */ name,
      /** @type {number} */ value,
    ) => vitals[name].observe({ slice, version }, value),
    rejected: (/** @type {RejectReason} */ reason) => rejected.inc({ reason }),
  };
}
/** @typedef {ReturnType<typeof fieldMetrics>} FieldMetrics */

/** The messages a worker and the primary exchange for /metrics. */
const asked = 'nova:metrics-request';
const answered = 'nova:metrics-answer';
/** How long a worker waits for the primary's sum (the primary waits up to 5 s for each worker). */
const primaryTimeoutMs = 6000;

/**
 * The text /metrics answers: the process's own registry alone, or, in a worker of a cluster,
 * the sum of every worker's, asked of the primary (which `answerWorkers` must run in).
 * @param {Registry} registry
 * @param {{ worker?: NodeJS.Process | undefined }} [cluster] the worker's process (when clustered)
 * @returns {() => Promise<string>}
 */
export function metricsText(registry, { worker } = {}) {
  if (!worker?.send) return () => registry.metrics();
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one makes prom-client answer the primary's requests for this worker's registry.
  new AggregatorRegistry();
  return () => askPrimary(worker);
}

let lastRequest = 0;

/**
 * Asks the primary for the sum of the workers' metrics, and waits for its answer.
 * @param {NodeJS.Process} worker
 * @returns {Promise<string>}
 */
export function askPrimary(worker) {
  const id = ++lastRequest;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(new Error('The primary did not answer for the metrics.')), primaryTimeoutMs);
    /** @param {Error | undefined} error @param {string} [text] */
    function settle(error, text = '') {
      clearTimeout(timer);
      worker.off('message', onMessage);
      if (error) reject(error);
      else resolve(text);
    }
    /** @param {unknown} message */
    function onMessage(message) {
      const reply = /** @type {{ type?: unknown, id?: unknown, text?: unknown, error?: unknown }} */ (message);
      if (reply?.type !== answered || reply.id !== id) return;
      if (typeof reply.text === 'string') settle(undefined, reply.text);
      else settle(new Error(`The primary could not sum the metrics: ${String(reply.error)}`));
    }
    worker.on('message', onMessage);
    worker.send?.({ type: asked, id });
  });
}

/**
 * In the primary: answers each worker's request with the sum of every worker's registry.
 * @param {Pick<import('node:cluster').Cluster, 'on'>} [workers] node:cluster (the primary's)
 */
export function answerWorkers(workers = cluster) {
  const aggregator = new AggregatorRegistry();
  workers.on('message', (worker, message) => {
    if (message?.type !== asked) return;
    const { id } = message;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: answered, id, text }),
      (error) => worker.isConnected() && worker.send({ type: answered, id, error: String(error?.message) }),
    );
  });
}

/** The content type of the text `metricsText` gives. */
export const metricsContentType = Registry.PROMETHEUS_CONTENT_TYPE;
