import type { WrkResult } from './wrk.mjs';

/** A wrk run of `seconds` at `perSecond`, with latencies in proportion to its p99. */
export const wrkRun = (perSecond: number, p99: number, errors = 0, seconds = 5): WrkResult => ({
  requests: perSecond * seconds,
  seconds,
  perSecond,
  p50: p99 / 4,
  p90: p99 / 2,
  p99,
  max: p99 * 2,
  errors,
  errorsByKind: { connect: 0, read: 0, write: 0, status: errors, timeout: 0 },
});
