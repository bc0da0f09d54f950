// @ts-check
// Composed pages kept in memory, bounded in bytes, each with its brotli and gzip forms computed
// once (in libuv's thread pool, never on the event loop): quickly first, so a new page answers
// at once, then, for the site's own pages, at the best ratio, which replaces them. A page is kept under its path and reused
// while what it was composed from (its dependencies) is unchanged; concurrent requests for a
// page that is not kept share one composition.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { etagOf } from '@nova/kit/etag';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** @typedef {'br' | 'gzip' | 'identity'} Encoding */
/**
 * @typedef {object} KeptPage
 * @property {string | undefined} slice the slice whose page it shows, if any
 * @property {string} dependencies what it was composed from; another value means compose it again
 * @property {number} status
 * @property {Record<Encoding, Buffer>} bodies
 * @property {Record<Encoding, string>} etags each form's entity tag: a hash of its bytes, so the same
 *   on every instance that composes it, and new when the form is compressed again
 * @property {number} keepUntil when it must be composed again even if nothing changed (a page
 *   composed without its fragment tries again soon); Infinity for a final page
 * @property {string} [origin] where its fragment came from, of the several its slice has: while that
 *   origin fails, the page is composed again (from the next)
 * @property {boolean} stray kept apart from the site's own pages (see Composition)
 * @property {boolean} shared whether a shared cache may keep it
 * @property {string} tags what it depends on, for a cache purge (`shell legal`)
 * @property {string} timing its composition, in Server-Timing's syntax
 * @property {readonly string[]} [security] its security headers, where they are not the site's (an override's)
 * @property {Map<string, { second: number, list: string[] }>} [headers] its response headers per form
 *   and kind of answer, built when first needed in a second
 */
/**
 * What a composition gives the cache. `stray`: a page no fragment exists for (Not Found, an unknown
 * game), kept apart in a smaller space, so that a flood of made-up addresses cannot push the
 * site's own pages out.
 * `retryAt`: for a page that is not final, when to compose it again at the soonest.
 * `security`: its security headers, where they are not the site's. `origin`: see KeptPage.
 * @typedef {{ slice: string | undefined, status: number, html: string, final: boolean, retryAt?: number, origin?: string, stray: boolean, shared: boolean, tags: string, timing: string, security?: readonly string[] }} Composition
 */

/** How long a page that is not final is reused before it is composed again, at least. */
const retryAfterMs = 1000;

/** Compression levels: quick for the first answer, best for every answer after. */
const levels = { quick: { br: 5, gzip: 6 }, best: { br: 11, gzip: 9 } };

/** @typedef {keyof typeof levels} Level */

/** @returns {Record<Encoding, string>} */
const tagsOf = (/** @type {Record<Encoding, Buffer>} */ bodies) => ({
  identity: etagOf(bodies.identity),
  br: etagOf(bodies.br),
  gzip: etagOf(bodies.gzip),
});

/** @returns {Promise<Record<Encoding, Buffer>>} */
async function compressed(/** @type {Buffer} */ identity, /** @type {Level} */ levelName) {
  const level = levels[levelName];
  const [br, gzip] = await Promise.all([
    brotli(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: level.br, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipped(identity, { level: level.gzip }),
  ]);
  return { identity, br, gzip };
}

/**
 * @param {{ maxBytes: number, now?: () => number, compress?: typeof compressed }} options
 */
export function createPageCache({ maxBytes, now = Date.now, compress = compressed }) {
  /** @param {number} bytes */
  const space = (bytes) =>
    /** @type {LRUCache<string, KeptPage>} */ (
      new LRUCache({
        maxSize: Math.max(bytes, 1),
        sizeCalculation: ({ bodies }) => bodies.identity.length + bodies.br.length + bodies.gzip.length + 1024,
      })
    );
  /** Counts the pages kept and replaced: an answer made from a kept page stands while it is the same. */
  let generation = 0;
  const pages = space(maxBytes);
  const strays = space(maxBytes / 8);
  const spaceOf = (/** @type {KeptPage} */ page) => (page.stray ? strays : pages);
  /** @type {Map<string, Promise<KeptPage>>} */
  const composing = new Map();
  /** The compressions at the best ratio under way. */
  /** @type {Set<Promise<void>>} */
  const refining = new Set();

  /** @returns {Promise<KeptPage>} */
  const keep = async (/** @type {string} */ dependencies, /** @type {Composition} */ composed) => {
    const identity = Buffer.from(composed.html);
    const started = performance.now();
    const bodies = await compress(identity, 'quick');
    const compressMs = performance.now() - started;
    return {
      slice: composed.slice,
      dependencies,
      status: composed.status,
      bodies,
      etags: tagsOf(bodies),
      keepUntil: composed.final ? Infinity : Math.max(now() + retryAfterMs, composed.retryAt ?? 0),
      ...(composed.origin && { origin: composed.origin }),
      stray: composed.stray,
      shared: composed.shared,
      tags: composed.tags,
      timing: `${composed.timing}, compress;dur=${compressMs.toFixed(1)}`,
      ...(composed.security && { security: composed.security }),
    };
  };

  /** Compresses a kept page at the best ratio, if it is still the one kept. */
  const refine = async (/** @type {string} */ key, /** @type {KeptPage} */ page) => {
    const bodies = await compress(page.bodies.identity, 'best');
    if (spaceOf(page).peek(key) !== page) return;
    generation += 1;
    page.bodies = bodies;
    page.etags = tagsOf(bodies);
    page.headers = undefined;
    // Kept again, for its new size (setting the same page again would keep the old one).
    spaceOf(page).delete(key);
    spaceOf(page).set(key, page);
  };

  return {
    /**
     * The page kept under `key`; the caller checks its dependencies, and whether it is due to be
     * composed again (`keepUntil`).
     * @param {string} key
     */
    kept: (key) => pages.get(key) ?? strays.get(key),
    /**
     * Composes the page under `key` from `dependencies` (once for every concurrent caller) and keeps it.
     * @param {string} key
     * @param {string} dependencies
     * @param {() => Promise<Composition>} compose
     * @returns {Promise<KeptPage>}
     */
    compose(key, dependencies, compose) {
      const flight = `${key}\n${dependencies}`;
      let page = composing.get(flight);
      if (!page) {
        page = compose()
          .then((composed) => keep(dependencies, composed))
          .then((kept) => {
            (kept.stray ? pages : strays).delete(key);
            generation += 1;
            spaceOf(kept).set(key, kept);
            // The quick forms serve until then; a stray is not worth the best ratio's CPU.
            if (!kept.stray) {
              const refined = refine(key, kept).catch(() => undefined);
              refining.add(refined);
              refined.finally(() => refining.delete(refined));
            }
            return kept;
          })
          .finally(() => composing.delete(flight));
        composing.set(flight, page);
      }
      return page;
    },
    /**
     * Composes a page for one answer, and keeps nothing of it (an override's page).
     * @param {() => Promise<Composition>} compose
     * @returns {Promise<KeptPage>}
     */
    once: async (compose) => keep('', await compose()),
    /** A number that changes whenever a page is kept or replaced. */
    generation: () => generation,
    /** Resolves once every composition and compression under way now has ended. */
    settled: async () => {
      await Promise.allSettled([...composing.values()]);
      await Promise.allSettled([...refining]);
    },
    /** Bytes kept, and pages. */
    size: () => ({ bytes: pages.calculatedSize + strays.calculatedSize, pages: pages.size + strays.size }),
  };
}
