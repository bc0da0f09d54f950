// @ts-check
// One wrk run (1 thread, `Accept-Encoding: br` as browsers send) and its figures, read from the
// line wrk.lua's done() prints.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { systemProgram } from '@nova/tooling/system-tools';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'wrk.lua');

/**
 * @typedef {object} WrkResult
 * @property {number} requests
 * @property {number} seconds how long it ran
 * @property {number} perSecond requests per second
 * @property {number} p50 latency, ms
 * @property {number} p90 latency, ms
 * @property {number} p99 latency, ms
 * @property {number} max latency, ms
 * @property {number} errors failed requests: socket errors (connect, read, write), timeouts and
 *   responses with a status of 400 or more (or, when one is expected, any other)
 * @property {{ connect: number, read: number, write: number, status: number, timeout: number }} errorsByKind
 */

/**
 * wrk's output, as figures: the `wrk-json` line of wrk.lua.
 * @param {string} stdout
 * @returns {WrkResult}
 */
export function parseWrkOutput(stdout) {
  const line = stdout.split('\n').find((text) => text.startsWith('wrk-json '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const { requests, durationUs, latencyUs, errors } = JSON.parse(line.slice('wrk-json '.length));
  const ms = (/** @type {number} */ us) => us / 1000;
  const seconds = durationUs / 1e6;
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50: ms(latencyUs.p50),
    p90: ms(latencyUs.p90),
    p99: ms(latencyUs.p99),
    max: ms(latencyUs.max),
    errors: errors.connect + errors.read + errors.write + errors.timeout + errors.status,
    errorsByKind: errors,
  };
}

/**
 * Loads `url` with wrk for `seconds` over `connections` connections.
 * @param {string} url
 * @param {object} [options]
 * @param {number} [options.seconds]
 * @param {number} [options.connections]
 * @param {string[]} [options.paths] ask these paths in turn instead of the URL's
 * @param {string} [options.uniquePrefix] ask this prefix with a new number each time
 * @param {number} [options.expectStatus] the status every answer should have (else any under 400)
 * @param {string[]} [options.headers] more request headers (`Name: value`)
 * @returns {Promise<WrkResult>}
 */
export async function wrk(
  url,
  { seconds = 5, connections = 64, paths, uniquePrefix, expectStatus, headers = [] } = {},
) {
  const env = {
    ...process.env,
    ...(paths && { WRK_PATHS: paths.join(',') }),
    ...(uniquePrefix && { WRK_UNIQUE: uniquePrefix }),
    ...(expectStatus && { WRK_EXPECT: String(expectStatus) }),
  };
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '2s', '--latency'];
  const sent = ['Accept-Encoding: br', ...headers].flatMap((header) => ['-H', header]);
  const { stdout } = await run(systemProgram('wrk'), [...args, ...sent, '-s', script, url], {
    env,
  });
  return parseWrkOutput(stdout);
}

/** The middle value (the lower of the two middle ones for an even count). */
export const middle = (/** @type {number[]} */ values) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

/**
 * Several runs of the same load as one: the median of each rate and latency; the requests, time
 * and errors of all of them.
 * @param {WrkResult[]} runs
 * @returns {WrkResult}
 */
export function medianOf(runs) {
  const sum = (/** @type {(run: WrkResult) => number} */ of) => runs.reduce((total, run) => total + of(run), 0);
  const median = (/** @type {(run: WrkResult) => number} */ of) => middle(runs.map(of));
  const kinds = /** @type {(keyof WrkResult['errorsByKind'])[]} */ (['connect', 'read', 'write', 'status', 'timeout']);
  return {
    requests: sum((run) => run.requests),
    seconds: sum((run) => run.seconds),
    perSecond: median((run) => run.perSecond),
    p50: median((run) => run.p50),
    p90: median((run) => run.p90),
    p99: median((run) => run.p99),
    max: median((run) => run.max),
    errors: sum((run) => run.errors),
    errorsByKind: /** @type {WrkResult['errorsByKind']} */ (
      Object.fromEntries(kinds.map((kind) => [kind, sum((run) => run.errorsByKind[kind])]))
    ),
  };
}
