// @ts-check
// Field signals: what visitors' browsers report of each slice version (shell/src/telemetry sends
// them, shell/server receives them and counts them in the metrics below, `slice status` and
// `slice release --guard` read the metrics).

/**
 * Where the browser sends its batches (POST, JSON), where it asks for the token each batch carries
 * (GET), and where the server's metrics are read (on the composer's internal metrics port only).
 */
export const fieldSignalsPath = '/field-signals';
export const fieldSignalTokenPath = '/field-signals/token';
export const metricsPath = '/metrics';

/** How a slice failed a visitor: its code did not load (the fallback showed), threw while rendering, or failed to hydrate. */
export const failureKinds = /** @type {const} */ (['load', 'render', 'hydration']);

/** The Web Vitals reported per slice version. */
export const vitalNames = /** @type {const} */ (['LCP', 'INP', 'CLS']);

/**
 * The metrics, labelled by `slice` and `version` (and `kind` for failures). LCP and INP are in
 * seconds, CLS has no unit; each is a histogram. `clients` counts the distinct clients whose
 * signals about a version were taken, each once.
 */
export const metricNames = /** @type {const} */ ({
  pageViews: 'nova_slice_page_views_total',
  failures: 'nova_slice_failures_total',
  clients: 'nova_slice_clients_total',
  LCP: 'nova_slice_lcp_seconds',
  INP: 'nova_slice_inp_seconds',
  CLS: 'nova_slice_cls',
  rejected: 'nova_field_signals_rejected_total',
  failovers: 'nova_slice_origin_failovers_total',
});
