// @ts-check
// Where the composer reads the remote map: a file on its disk, or the http(s) URL of a
// discovery service. Either way a revision is read and checked once, a map over the size limit
// is never parsed, and one that cannot be used keeps the last good one serving (and says so).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { boundedBody } from '@nova/kit/body';
import { remoteMapView } from './remote-map-view.mjs';

/** @typedef {import('./remote-map-view.mjs').RemoteMapView} RemoteMapView */
/**
 * The map a request is served with: the last good revision, or why there is none.
 * @typedef {{ revision: string, view: RemoteMapView } | { revision?: undefined, unusable: string }} RemoteMapState
 * @typedef {{ current: () => RemoteMapState, ready: Promise<void>, close: () => void }} RemoteMapSource
 * @typedef {import('./remote-map-view.mjs').Served} Served
 */

/** A map lists each slice's versions; far beyond this it is not one (or was never pruned). */
export const remoteMapLimitBytes = 1024 * 1024;

const sizeOf = (/** @type {number} */ bytes) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The state machine both sources share: offered texts become revisions when they are usable maps.
 * @param {{ location: string, served?: Served, maxBytes: number, log: (line: string) => void }} options
 */
function remoteMapRevisions({ location, served, maxBytes, log }) {
  /** @type {RemoteMapState} */
  let state = { unusable: `The remote map (${location}) has not been read yet.` };
  let lastProblem = '';

  /**
   * @param {string} reason what a visitor is told while there is no usable map
   * @param {string} [detail] what the log says besides
   */
  const keep = (reason, detail) => {
    if (state.revision === undefined) state = { unusable: reason };
    const problem = detail ? `${reason} (${detail})` : reason;
    if (problem === lastProblem) return;
    lastProblem = problem;
    const serving = state.revision === undefined ? 'no usable map yet' : `still serving revision ${state.revision}`;
    log(`remote map ${location}: ${problem}; ${serving}`);
  };
  const tooLarge = (/** @type {number} */ bytes) =>
    keep('remotes.json is too large to be a remote map.', `${sizeOf(bytes)}, over the limit of ${sizeOf(maxBytes)}`);

  return {
    current: () => state,
    /** A text read from the map's location. */
    offer(/** @type {string} */ text) {
      const size = Buffer.byteLength(text);
      if (size > maxBytes) return tooLarge(size);
      const revision = createHash('sha256').update(text).digest('base64url').slice(0, 16);
      if (revision === state.revision) return;
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        return keep('remotes.json is not valid JSON.');
      }
      const checked = remoteMapView(json, served);
      if ('unusable' in checked) return keep(checked.unusable);
      state = { revision, view: checked.view };
      lastProblem = '';
      log(`remote map ${location}: revision ${revision}`);
      // Once per revision: only the slices they concern fail, while the revision serves.
      for (const refusal of checked.view.refused) log(`remote map ${location}: revision ${revision}: ${refusal}`);
    },
    /** The map could not be read at all (missing, unreachable). */
    unreadable: (/** @type {string} */ detail) => keep('remotes.json could not be read.', detail),
    tooLarge,
  };
}

/**
 * A map in a file: checked for a new revision at most once per turn of the event loop (one stat
 * for every request that turn), read again only when it changed. A release written by rename
 * shows on the next request.
 * @param {{ file: string, served?: Served, maxBytes?: number, log?: (line: string) => void }} options
 * @returns {RemoteMapSource}
 */
export function fileRemoteMap({ file, served, maxBytes = remoteMapLimitBytes, log = console.error }) {
  const revisions = remoteMapRevisions({ location: file, served, maxBytes, log });
  let stamp = '';
  let checkedThisTurn = false;

  const check = () => {
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(() => (checkedThisTurn = false));
    let stats;
    try {
      stats = statSync(file, { bigint: true });
    } catch (error) {
      stamp = '';
      return revisions.unreadable(String(/** @type {NodeJS.ErrnoException} */ (error).code ?? error));
    }
    const next = `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
    if (next === stamp) return;
    stamp = next;
    if (stats.size > maxBytes) return revisions.tooLarge(Number(stats.size));
    try {
      revisions.offer(readFileSync(file, 'utf8'));
    } catch (error) {
      stamp = '';
      revisions.unreadable(String(/** @type {NodeJS.ErrnoException} */ (error).code ?? error));
    }
  };
  check();
  return {
    current() {
      check();
      return revisions.current();
    },
    ready: Promise.resolve(),
    close: () => undefined,
  };
}

/** The pause between two revalidations of a map behind a URL: instances agree within a second of a release. */
const revalidateMs = 500;

/**
 * A map behind an http(s) URL (a discovery service): read at start, then revalidated twice a second
 * with its ETag in the background. Requests never wait for it; a map that fails to load keeps the
 * last good one.
 * @param {{ url: string, served?: Served, maxBytes?: number, log?: (line: string) => void, intervalMs?: number }} options
 * @returns {RemoteMapSource}
 */
export function urlRemoteMap({
  url,
  served,
  maxBytes = remoteMapLimitBytes,
  log = console.error,
  intervalMs = revalidateMs,
}) {
  const revisions = remoteMapRevisions({ location: url, served, maxBytes, log });
  /** @type {string | undefined} */
  let etag;

  const revalidate = async () => {
    try {
      const response = await fetch(url, {
        headers: etag ? { 'If-None-Match': etag } : {},
        signal: AbortSignal.timeout(Math.max(intervalMs * 3, 2000)),
      });
      if (response.status === 304) return;
      if (!response.ok) {
        await response.body?.cancel();
        return revisions.unreadable(`answered ${response.status}`);
      }
      const body = await boundedBody(response, maxBytes);
      if (body.over !== undefined) return revisions.tooLarge(body.over);
      revisions.offer(body.text);
      etag = response.headers.get('etag') ?? undefined;
    } catch (error) {
      revisions.unreadable(error instanceof Error ? error.message : String(error));
    }
  };

  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let closed = false;
  const loop = async () => {
    await revalidate();
    if (!closed) timer = setTimeout(loop, intervalMs).unref();
  };
  const ready = loop();
  return {
    current: revisions.current,
    ready,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A map that never changes, given as its text (`pnpm dev`'s: every slice's dev server).
 * @param {{ text: string, served?: Served, log?: (line: string) => void }} options
 * @returns {RemoteMapSource}
 */
export function fixedRemoteMap({ text, served, log = console.error }) {
  const revisions = remoteMapRevisions({ location: 'fixed', served, maxBytes: remoteMapLimitBytes, log });
  revisions.offer(text);
  return { current: revisions.current, ready: Promise.resolve(), close: () => undefined };
}

/**
 * The map at `location`: an http(s) URL, or a file path.
 * @param {string} location
 * @param {Omit<Parameters<typeof fileRemoteMap>[0], 'file'>} options
 * @returns {RemoteMapSource}
 */
export const remoteMapAt = (location, options) =>
  /^https?:\/\//i.test(location)
    ? urlRemoteMap({ url: location, ...options })
    : fileRemoteMap({ file: location, ...options });
