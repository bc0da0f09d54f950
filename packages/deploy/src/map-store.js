// @ts-check
// The remote map store: where an environment's map lives (a file, or a URL) behind one
// interface. A change is applied compare-and-set: read the map and its revision, apply a pure
// change, write only if the revision is still the one read, and on conflict read again and retry.
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord } from '@nova/contracts/remote-map';

/**
 * A remote map as a store reads it: each version with the pages it declares (`metadata.pages`;
 * none for a version published before), and the environment (which slices exist, their origins and
 * paths), which a file store writes from its deployment root and a URL store leaves to the service.
 * @typedef {import('@nova/contracts/remote-map').SliceVersion & { metadata: { pages?: import('@nova/contracts/pages').PageDeclaration[] } }} SliceVersion
 * @typedef {{ schema: string, microFrontends: Record<string, SliceVersion[]>, environment?: import('@nova/contracts/environment').Environment }} RemoteMapJson
 */

/**
 * A map and the revision it was read at (`null`: there is no map yet).
 * @typedef {{ map: RemoteMapJson, revision: string | null }} MapSnapshot
 */

/**
 * A change to the map: a pure function of the map read. Returning the same object means
 * "nothing to change"; throwing stops the update with nothing written.
 * @typedef {(map: RemoteMapJson) => RemoteMapJson} MapChange
 */

/**
 * @typedef {object} MapStore
 * @property {string} location the file or URL, for messages
 * @property {() => Promise<MapSnapshot>} read
 * @property {(revision: string | null, map: RemoteMapJson) => Promise<string | undefined>} replace
 *   writes `map` only if the stored map is still at `revision`: the new revision, or undefined
 *   if another writer got there first
 * @property {(change: MapChange) => Promise<MapSnapshot & { previous: RemoteMapJson }>} update
 *   applies `change` to the latest map, retrying on conflict; `previous` is the map it was applied to
 */

/** How a map is written: the same bytes for the same map, wherever it is stored. */
export const serializeMap = (/** @type {RemoteMapJson} */ map) => `${JSON.stringify(map, null, 2)}\n`;

/**
 * Parses a stored map, refusing what is not one (so a change is never applied to garbage).
 * @param {string} text
 * @param {string} location
 * @returns {RemoteMapJson}
 */
export function parseMap(text, location) {
  /** @type {unknown} */
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${location} is not JSON, so it is not a remote map.`);
  }
  if (!isRecord(value) || !isRecord(value.microFrontends)) {
    throw new Error(`${location} is not a remote map: it needs a "microFrontends" object.`);
  }
  return /** @type {RemoteMapJson} */ (value);
}

/**
 * A random wait that grows with each attempt (full jitter), so retrying writers spread out, but
 * stays short: a writer that waits long loses every time to writers that just succeeded and try
 * again at once (measured: 4 teams releasing at once through the discovery service on a busy
 * machine, one release lost 20 attempts in a row with waits of up to a second).
 */
const backoff = (/** @type {number} */ attempt) => Math.random() * Math.min(250, 10 * 2 ** attempt);

/**
 * Completes a store's `read` and `replace` with the retrying `update`.
 * @param {Omit<MapStore, 'update'>} store
 * @param {{ attempts?: number, wait?: (attempt: number) => number }} [retry]
 * @returns {MapStore}
 */
export function mapStore(store, { attempts = 60, wait = backoff } = {}) {
  return {
    ...store,
    async update(change) {
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        const { map: previous, revision } = await store.read();
        const map = change(previous);
        if (map === previous) return { map, revision, previous };
        const written = await store.replace(revision, map);
        if (written !== undefined) return { map, revision: written, previous };
        await sleep(wait(attempt));
      }
      throw new Error(
        `${store.location} changed under every one of ${attempts} attempts (others kept writing it); this change was not made. Try again.`,
      );
    },
  };
}
