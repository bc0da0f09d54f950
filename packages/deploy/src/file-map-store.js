// @ts-check
// A remote map in a local file. Writers take a lock beside it (`<file>.lock`), check the file is
// still at the revision they read, and replace it through a temporary file of their own and an
// atomic rename, so readers see the old map or the new one and no writer loses another's change.
// The map carries its deployment root's environment (environment.json, with the defaults): read
// with the one the root has now, and written with it on every write, so composers read one file.
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import { environmentOf } from './deployment-root.js';
import { lock } from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { mapStore, parseMap, serializeMap } from './map-store.js';

/** @typedef {import('./map-store.js').MapStore} MapStore */

/** A map file's revision: a hash of its bytes. */
const revisionOf = (/** @type {Buffer | string} */ bytes) => createHash('sha256').update(bytes).digest('base64url');

/**
 * The map file's bytes and revision, both `null` if there is no map yet.
 * @param {string} file
 */
async function readMapFile(file) {
  try {
    const bytes = await readFile(file);
    return { bytes, revision: revisionOf(bytes) };
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return { bytes: null, revision: null };
    throw error;
  }
}

/**
 * Holds the map file's lock while `work` runs. Waits for another holder (up to about 20 s, past the
 * 10 s after which a crashed holder's lock counts as stale).
 * @template T
 * @param {string} file
 * @param {() => Promise<T>} work
 */
async function whileLocked(file, work) {
  await mkdir(dirname(file), { recursive: true });
  /** @type {() => Promise<void>} */
  let unlock;
  try {
    unlock = await lock(file, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 40, factor: 1.5, minTimeout: 10, maxTimeout: 500, randomize: true },
    });
  } catch (error) {
    throw new Error(`Could not lock ${file} (${error instanceof Error ? error.message : error}); nothing was changed.`);
  }
  try {
    return await work();
  } finally {
    await unlock();
  }
}

/**
 * @param {string} file
 * @param {{ root?: string }} [options] root: the deployment root whose environment the map carries
 *   (by default the map's folder, as `<root>/remotes.json`)
 * @returns {MapStore}
 */
export function fileMapStore(file, { root = dirname(file) } = {}) {
  return mapStore({
    location: file,
    async read() {
      const { bytes, revision } = await readMapFile(file);
      const map = bytes ? parseMap(bytes.toString('utf8'), file) : emptyRemoteMap();
      return { map: { ...map, environment: environmentOf(root) }, revision };
    },
    replace: (revision, map) =>
      whileLocked(file, async () => {
        if ((await readMapFile(file)).revision !== revision) return undefined;
        const bytes = serializeMap({ ...map, environment: environmentOf(root) });
        try {
          await writeFileAtomic(file, bytes);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`Could not write ${file} (${reason}); it still holds the map it had.`);
        }
        return revisionOf(bytes);
      }),
  });
}
