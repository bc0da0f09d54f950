// @ts-check
// A slice version's HTML fragments, as its build published them beside its remote entry
// (packages/contracts/src/fragments.js). Versioned files never change, so each is fetched once and
// shared by every request that needs it; a lookup never takes longer than its timeout, and an
// origin that keeps failing is skipped for a while instead of being waited on by every request.
// A version's manifest must match the integrity its map entry names, or nothing of it is used.
// A development override's fragments come from its dev server (`slice dev`), rendered from source
// on each request: fetched the same way, never kept.
import { devFragmentPath } from '@nova/contracts/dev-override';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { remoteBasePlaceholder } from '@nova/contracts/fragments';
import { boundedBody } from '@nova/kit/body';

/**
 * What a lookup found: the fragment (`notFound`: what the page shows at an address that names
 * nothing, answered 404); none (final: that version has no usable fragment for the path); or
 * unavailable (its origin failed, was too slow or is being skipped: try again later, not before
 * `retryAt` while the origin is skipped).
 * `origin`: the origin that answered, of those that serve the slice.
 * @typedef {{ kind: 'fragment', head: string, html: string, notFound?: true, origin?: string } | { kind: 'none' } | { kind: 'unavailable', reason: string, retryAt?: number }} FragmentLookup
 */

/**
 * A version as its map entry names it: its manifest's URL and that manifest's integrity.
 * @typedef {Pick<import('@nova/contracts/remote-map').LoadableVersion, 'url' | 'integrity'>} VersionEntry
 */

/**
 * A lookup of a page's fragment, a prefetch of every fragment of a version (its files kept for
 * the lookups to come), and a dev server's fragment of a page (asked afresh every time).
 * @typedef {((entry: VersionEntry, path: string, page: string, served?: { slice?: string, origins?: readonly string[] }) => Promise<FragmentLookup>) & {
 *   prefetch: (entry: VersionEntry) => Promise<string[]>,
 *   fromDevServer: (origin: string, path: string, page: string) => Promise<FragmentLookup>,
 *   serves: (origin: string) => boolean,
 * }} FragmentSource
 */

/** An origin answered with an error, or not at all, or other bytes than the map names. */
class OriginFailure extends Error {
  /**
   * @param {string} message
   * @param {{ deadline?: boolean, mismatch?: boolean }} [options] deadline: the lookup's time is up;
   *   mismatch: the origin is up, but has not the manifest the map names (another, or none)
   */
  constructor(message, { deadline = false, mismatch = false } = {}) {
    super(message);
    this.deadline = deadline;
    this.mismatch = mismatch;
  }
}

/** The largest fragment file a page takes in. */
const maxFragmentBytes = 1024 * 1024;

/**
 * Whether `bytes` are what a subresource integrity (`sha256-<base64>`) names.
 * @param {Buffer} bytes
 * @param {string} integrity
 */
function matchesIntegrity(bytes, integrity) {
  const [, algorithm = '', digest] = /^(sha256|sha384|sha512)-(.+)$/.exec(integrity) ?? [];
  return digest !== undefined && createHash(algorithm).update(bytes).digest('base64') === digest;
}

/**
 * @param {{ timeoutMs: number, skipMs?: number, failuresBeforeSkip?: number, checkMs?: number, now?: () => number, log?: (line: string) => void, failedOver?: (slice: string, origin: string) => void }} options
 *   timeoutMs: the most a lookup may take (FRAGMENT_TIMEOUT_MS, config.mjs); skipMs: how long a failing origin is skipped;
 *   checkMs: how often an origin kept pages came from is checked (`serves`);
 *   failuresBeforeSkip: the failures in a row that make an origin skipped; log: where an origin skipped
 *   is told; failedOver: told of each origin a lookup went past to the next (it failed)
 * @returns {FragmentSource}
 */
export function createFragmentSource({
  timeoutMs,
  skipMs = 5000,
  failuresBeforeSkip = 2,
  checkMs = 1000,
  now = Date.now,
  log = console.error,
  failedOver = () => undefined,
}) {
  /** Each versioned file's content (undefined: the origin answered that it has none), fetched once. */
  /** @type {LRUCache<string, Promise<unknown>>} */
  const files = new LRUCache({ max: 1000 });
  /** Each origin's failures in a row, until when it is skipped, and when `serves` last checked it. */
  /** @type {Map<string, { failures: number, skippedUntil: number, checkedAt: number }>} */
  const origins = new Map();

  const originOf = (/** @type {string} */ url) => new URL(url).origin;
  const health = (/** @type {string} */ origin) => {
    let known = origins.get(origin);
    if (!known) origins.set(origin, (known = { failures: 0, skippedUntil: 0, checkedAt: -Infinity }));
    return known;
  };

  /**
   * A JSON file from an origin: its content, or undefined where the origin says it has none (4xx),
   * or sends something over the bound, or not JSON. Given an integrity (a version's manifest),
   * other bytes than it names, or none, are the origin's failure. The answer and its body both come from the origin: a timeout, a 5xx, a reset or a
   * cut-off body in either is its failure (OriginFailure), which a page expects and goes without,
   * not a bug to trace.
   * @param {string} url
   * @param {string} [integrity]
   */
  const fetchJson = async (url, integrity) => {
    /** @type {Awaited<ReturnType<typeof boundedBody>>} */
    let body;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      if (response.status >= 500) {
        await response.body?.cancel();
        throw new OriginFailure(`${url} answered ${response.status}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        // The version's manifest missing there: that origin has not (or not yet) got the version.
        if (integrity !== undefined) throw new OriginFailure(`${url} answered ${response.status}`, { mismatch: true });
        return undefined;
      }
      body = await boundedBody(response, maxFragmentBytes);
    } catch (error) {
      if (error instanceof OriginFailure) throw error;
      throw new OriginFailure(error instanceof Error ? error.message : String(error));
    }
    if (body.over !== undefined) return undefined;
    if (integrity !== undefined && !matchesIntegrity(body.bytes, integrity))
      throw new OriginFailure(`${url} does not match its integrity in the map (${integrity})`, { mismatch: true });
    try {
      return JSON.parse(body.text);
    } catch {
      return undefined;
    }
  };

  /** The check of each origin under way: every lookup that needs one meanwhile waits for the same. */
  /** @type {Map<string, Promise<void>>} */
  const checking = new Map();

  /**
   * Asks an origin whether it answers at all (HEAD /): what is kept of its files says nothing of
   * that. Any answer but a 5xx counts, and ends its failures in a row. One request at a time per
   * origin: a busy page's lookups while its origin hangs ask it once, not once each.
   * @param {string} origin
   * @returns {Promise<void>}
   */
  const check = (origin) => {
    let asked = checking.get(origin);
    if (!asked) {
      asked = askOrigin(origin).finally(() => checking.delete(origin));
      checking.set(origin, asked);
    }
    return asked;
  };

  /** @param {string} origin */
  const askOrigin = async (origin) => {
    try {
      const response = await fetch(`${origin}/`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      if (response.status >= 500) throw new OriginFailure(`${origin}/ answered ${response.status}`);
    } catch (error) {
      if (error instanceof OriginFailure) throw error;
      throw new OriginFailure(error instanceof Error ? error.message : String(error));
    }
    health(origin).failures = 0;
  };

  /**
   * A versioned JSON file (fetchJson), fetched once and kept: the files of a version never change.
   * A failure is not kept: the next lookup asks again.
   * @param {string} url
   * @param {string} [integrity]
   */
  const keptJson = (url, integrity) => {
    const key = integrity === undefined ? url : `${integrity} ${url}`;
    let json = files.get(key);
    if (json) return json;
    json = fetchJson(url, integrity);
    files.set(key, json);
    json.catch(() => files.get(key) === json && files.delete(key));
    return json;
  };

  /** A string property of an unchecked object, if it has its own. */
  const stringAt = (/** @type {unknown} */ record, /** @type {string} */ key) => {
    const value = Object.hasOwn(Object(record), key) ? /** @type {any} */ (record)[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  };

  /** The version's manifest, checked against its integrity, and its fragments' manifest. */
  const manifestsOf = (/** @type {VersionEntry} */ { url, integrity }) =>
    Promise.all([keptJson(url, integrity), keptJson(new URL('fragments/manifest.json', url).href)]);

  /** @returns {Promise<FragmentLookup>} */
  const find = async (/** @type {VersionEntry} */ entry, /** @type {string} */ path, /** @type {string} */ page) => {
    const [manifest, fragments] = /** @type {any[]} */ (await manifestsOf(entry));
    // A fragment goes only with the JavaScript of the same build.
    if (typeof manifest?.buildId !== 'string' || manifest.buildId !== fragments?.buildId) return { kind: 'none' };
    const pathFile = stringAt(fragments.fragments, path);
    const file = pathFile ?? stringAt(fragments.notFound, page);
    if (file === undefined) return { kind: 'none' };
    const fragment = await keptJson(new URL(`fragments/${file}`, entry.url).href);
    const base = new URL('.', entry.url).href.replace(/\/$/, '');
    return fragmentFound(fragment, pathFile === undefined, (text) => text.replaceAll(remoteBasePlaceholder, base));
  };

  /**
   * Every fragment file of the version `entry` names, fetched ahead of the pages that need them (a
   * release's first visitors then wait for none); what fails is asked again by a lookup. Resolves
   * to the paths the version has a fragment for.
   * @param {VersionEntry} entry
   * @returns {Promise<string[]>}
   */
  const prefetch = async (entry) => {
    if (!entry.url.includes('.json') || health(originOf(entry.url)).skippedUntil > now()) return [];
    const [manifest, fragments] = /** @type {any[]} */ (await manifestsOf(entry).catch(() => []));
    // A version whose manifest is not the one its map entry names gets nothing fetched ahead.
    if (manifest === undefined) return [];
    const files = [...Object.values(Object(fragments?.fragments)), ...Object.values(Object(fragments?.notFound))];
    await Promise.all(
      files
        .filter((file) => typeof file === 'string')
        .map((file) => keptJson(new URL(`fragments/${file}`, entry.url).href).catch(() => undefined)),
    );
    return Object.keys(Object(fragments?.fragments));
  };

  /**
   * The fragment of `path` in the slice version `entry` names, from the first of its slice's
   * origins that answers: one that fails (refused, too slow, a 5xx, a manifest that is not the one
   * its integrity names) passes the lookup to the next, and one that keeps failing is skipped for a
   * while. The whole lookup never takes longer than the timeout.
   * @param {VersionEntry} entry the version's mf-manifest.json URL and that manifest's integrity
   * @param {string} path
   * @param {string} page the exposed page the path shows (`GamePage`)
   * @param {{ slice?: string, origins?: readonly string[] }} [served] its slice, and the origins that
   *   serve it, in the order they are tried (none: the entry's own)
   * @returns {Promise<FragmentLookup>}
   */
  async function fragmentOf(entry, path, page, { slice = '', origins = [] } = {}) {
    // The federation runtime's rule: an entry with ".json" in it is a manifest (fragments sit beside it).
    if (!entry.url.includes('.json')) return { kind: 'none' };
    const own = originOf(entry.url);
    const { pathname, search } = new URL(entry.url);
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const deadline = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new OriginFailure(`no answer within ${timeoutMs} ms`, { deadline: true })),
        timeoutMs,
      );
    });
    const candidates = origins.includes(own) ? origins : [own];
    let reason =
      candidates.length > 1 ? 'its origins are skipped after failing' : 'its origin is skipped after failing';
    /** @type {number | undefined} */
    let retryAt;
    /** The origin that failed last, which the next one is asked in place of. */
    let passed = '';
    /** Whether every origin asked is up but sent another manifest than the map names. */
    let mismatched = true;
    const started = performance.now();
    try {
      for (const [index, origin] of candidates.entries()) {
        const known = health(origin);
        if (known.skippedUntil > now()) {
          retryAt = Math.min(retryAt ?? Infinity, known.skippedUntil);
          continue;
        }
        if (passed) failedOver(slice, passed);
        // Each origin left gets its share of the time left: one that hangs leaves time for the next.
        const share = (timeoutMs - (performance.now() - started)) / (candidates.length - index);
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let shareTimer;
        const shareOver = new Promise((_, reject) => {
          shareTimer = setTimeout(
            () => reject(new OriginFailure(`${origin} did not answer within ${Math.round(share)} ms`)),
            share,
          );
        });
        try {
          // An origin that failed lately is asked first: its files kept here would hide that it is down.
          if (known.failures > 0) await Promise.race([check(origin), shareOver, deadline]);
          const found = /** @type {FragmentLookup} */ (
            await Promise.race([
              find({ url: origin + pathname + search, integrity: entry.integrity }, path, page),
              shareOver,
              deadline,
            ])
          );
          return found.kind === 'fragment' ? { ...found, origin } : found;
        } catch (error) {
          if (!(error instanceof OriginFailure)) throw error;
          reason = error.message;
          mismatched &&= error.mismatch;
          if (error.mismatch) mismatch(error.message);
          else failed(origin, known, error.message);
          passed = origin;
          if (error.deadline) break;
        } finally {
          clearTimeout(shareTimer);
          shareOver.catch(() => undefined);
        }
      }
    } finally {
      clearTimeout(timer);
    }
    // A version none of whose origins has the manifest the map names: nothing of it is used.
    if (passed && mismatched) return { kind: 'none' };
    const skippedUntil = Math.min(retryAt ?? Infinity, ...candidates.map((origin) => health(origin).skippedUntil));
    return {
      kind: 'unavailable',
      reason,
      ...(skippedUntil > now() && Number.isFinite(skippedUntil) && { retryAt: skippedUntil }),
    };
  }

  /** The manifests that did not match their integrity, each told once. */
  /** @type {Set<string>} */
  const mismatches = new Set();
  const mismatch = (/** @type {string} */ why) => {
    if (mismatches.has(why) || mismatches.size >= 1000) return;
    mismatches.add(why);
    log(`${why}: that version's fragments are not used.`);
  };

  /** An origin failed once more: after failuresBeforeSkip in a row, it is skipped for skipMs. */
  const failed = (
    /** @type {string} */ origin,
    /** @type {{ failures: number, skippedUntil: number }} */ known,
    /** @type {string} */ why,
  ) => {
    known.failures += 1;
    if (known.failures < failuresBeforeSkip) return;
    if (known.skippedUntil <= now())
      log(`${origin} failed ${known.failures} times in a row (${why}): skipped for ${skipMs} ms.`);
    known.skippedUntil = now() + skipMs;
  };

  /**
   * The fragment of `path` as a team's dev server renders it from source now
   * (`GET <origin>/__nova/fragment?path=…&page=…`): asked afresh on every request, so an edit shows
   * in the next page's HTML. A dev server that is down or too slow leaves the slot to the browser,
   * as for any slice that fails.
   * @param {string} origin
   * @param {string} path
   * @param {string} page
   * @returns {Promise<FragmentLookup>}
   */
  async function fromDevServer(origin, path, page) {
    const url = new URL(devFragmentPath, origin);
    url.search = new URLSearchParams({ path, page }).toString();
    try {
      const fragment = await fetchJson(url.href);
      // The dev server's own notFound mark: the page it rendered names nothing.
      return fragmentFound(fragment, fragment?.notFound === true, (text) => text);
    } catch (error) {
      return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * Whether an origin serves, as far as is known now (no failure since its last answer); asked for
   * each kept page whose fragment came from it, it checks the origin at most once per checkMs (and
   * never while a check of it is under way), so that an origin that stopped is noticed though every
   * page is kept.
   * @param {string} origin
   */
  const serves = (origin) => {
    const known = health(origin);
    if (now() - known.checkedAt >= checkMs && !checking.has(origin)) {
      known.checkedAt = now();
      check(origin).catch((error) => failed(origin, known, error.message));
    }
    return known.failures === 0;
  };

  return Object.assign(fragmentOf, { prefetch, fromDevServer, serves });
}

/**
 * A fragment file's content as a lookup found it: a fragment (its texts passed through `place`),
 * or none if it is not one.
 * @param {unknown} fragment
 * @param {boolean} notFound what the page shows at an address that names nothing
 * @param {(text: string) => string} place
 * @returns {FragmentLookup}
 */
function fragmentFound(fragment, notFound, place) {
  const { head, html } = /** @type {{ head?: unknown, html?: unknown }} */ (fragment ?? {});
  if (typeof head !== 'string' || typeof html !== 'string') return { kind: 'none' };
  return { kind: 'fragment', head: place(head), html: place(html), ...(notFound && { notFound: true }) };
}
