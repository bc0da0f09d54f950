// @ts-check
// The composer's metrics (Prometheus): what visitors' browsers report of each slice
// version (field-signals-endpoint.mjs counts them here), the distinct clients counted per version, and the
// batches refused. Each process counts in its own registry; under node:cluster the primary sums
// the workers' registries. /metrics is served on a listener of its own (METRICS_PORT, on loopback
// by default), never on the pages' port.
import { metricNames, metricsPath } from '@nova/contracts/field-signals';
import { boundedHttpServer } from '@nova/kit/http-server';
import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';

/** @typedef {string} SliceName */
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
  'no-token',
  'invalid-token',
  'expired-token',
  'token-client',
  'token-versions',
  'token-reused',
  'busy',
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
  const clients = new Counter({
    name: metricNames.clients,
    help: 'Distinct clients whose field signals about a slice version were taken, each counted once.',
    labelNames: ['slice', 'version'],
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
  const failovers = new Counter({
    name: metricNames.failovers,
    help: "Fragment lookups the composer passed from one of a slice's origins to the next, by the origin that failed.",
    labelNames: ['slice', 'origin'],
    registers,
  });

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
    client: (/** @type {SliceName} */ slice, /** @type {string} */ version) => clients.inc({ slice, version }),
    rejected: (/** @type {RejectReason} */ reason) => rejected.inc({ reason }),
    /** A lookup passed from `origin`, which failed, to the next origin of `slice` (of the environment's). */
    failover: (/** @type {string} */ slice, /** @type {string} */ origin) => failovers.inc({ slice, origin }),
  };
}
/** @typedef {ReturnType<typeof fieldMetrics>} FieldMetrics */

/**
 * In a worker of a cluster: lets the primary read this process's registry (prom-client answers
 * its requests over IPC).
 * @param {Registry} registry
 */
export function shareWithPrimary(registry) {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

/**
 * In the primary of a cluster: the sum of every worker's registry. Scrapes at the same time share
 * one round of questions to the workers.
 * @returns {() => Promise<string>}
 */
export function clusterMetricsText() {
  const aggregator = new AggregatorRegistry();
  /** @type {Promise<string> | undefined} */
  let inFlight;
  return () => (inFlight ??= aggregator.clusterMetrics().finally(() => (inFlight = undefined)));
}

/**
 * The listener /metrics is served on, apart from the pages: GET (or HEAD) /metrics and nothing else.
 * @param {{ read: () => Promise<string>, log?: (line: string) => void }} options
 *   read: the text (a registry's `metrics`, or `clusterMetricsText`)
 */
export function metricsServer({ read, log = console.error }) {
  // The bounds every server has on slow and idle clients, should METRICS_HOST be reachable.
  return boundedHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== metricsPath) return void res.writeHead(404, { 'Cache-Control': 'no-store' }).end('Not found');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return void res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' }).end();
    read().then(
      (text) =>
        res
          .writeHead(200, { 'Content-Type': metricsContentType, 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text),
      (error) => {
        log(`Reading the metrics failed: ${error instanceof Error ? error.message : error}`);
        res.writeHead(503, { 'Cache-Control': 'no-store', 'Retry-After': '1' }).end('Metrics unavailable.');
      },
    );
  });
}

/** The content type of the metrics text. */
export const metricsContentType = Registry.PROMETHEUS_CONTENT_TYPE;
