// @ts-check
// What a static origin serves of a build (the shell's files here, each slice's versions in the
// local environment): its plain files, reached without following a link, and none of the team's
// records kept beside them. nginx's origins follow the same rule (edge/slice-origins.conf).
import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import sirv from 'sirv';
import { preferredEncoding } from './encoding.mjs';

/**
 * Files a build keeps for the team and no origin serves, nor their compressed copies: source maps
 * (the e2e suite reads them from disk), `deployment.json` (commit and build time) and the
 * federation plugin's `mf-stats.json` (source paths, sizes). Requested, they are not found (404).
 */
export const unservedFile = /(?:\.map|\/deployment\.json|\/mf-stats\.json)(?:\.br|\.gz)?$/;

/** @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void} Middleware */

/**
 * What `path` is, looked at without trusting a link: a plain file or a folder reached through
 * none, missing, or anything else (a link somewhere on the way, a device, a pipe).
 * @param {string} path absolute and normalized, inside a folder that is its own real path
 * @returns {Promise<'file' | 'folder' | 'missing' | 'other'>}
 */
async function kindOf(path) {
  try {
    // Every link on the way resolved: a path through none is its own real path.
    if ((await realpath(path)) !== path) return 'other';
    const stats = await stat(path);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
  } catch (error) {
    const { code } = /** @type {NodeJS.ErrnoException} */ (error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/** An address whose last segment has an extension names a file; a single-page app's others are pages. */
const namesFile = (/** @type {string} */ pathname) => /\.[a-z0-9]+$/i.test(pathname);

/**
 * The files under `root` a request may get, sent by sirv: a plain file the address names (or, with
 * `extensions`, names but for one of them: `/launch` for `launch.html`), its precompressed copies
 * (which sirv may send instead) plain files too or absent, no link anywhere below `root` (`root`
 * itself may be one), and none of the files in `unservedFile`. Anything else is not found:
 * `next()` (a 404 where there is none). A single-page app (`single`) answers an address that names
 * no file with its `index.html`, held to the same rule.
 * @param {string} root
 * @param {Omit<import('sirv').Options, 'single'> & { single?: boolean }} options sirv's
 * @returns {Middleware}
 */
export function servedFiles(root, { single = false, extensions = [], ...options }) {
  const base = realpathSync(resolve(root));
  // sirv sends the file chosen here, and tries no other name for it (no folder's index either).
  const files = sirv(base, { ...options, extensions: [] });
  /**
   * What `pathname` is under the root, its compressed copies counted: a plain file, a folder,
   * nothing, or anything that must not be served (out of the root, through a link, a device).
   * @returns {Promise<'file' | 'folder' | 'missing' | 'refused'>}
   */
  const lookAt = async (/** @type {string} */ pathname) => {
    if (unservedFile.test(pathname)) return 'refused';
    const path = normalize(join(base, pathname)).replace(/(?<=.)[\\/]+$/, '');
    if (path !== base && !path.startsWith(base.endsWith(sep) ? base : base + sep)) return 'refused';
    const [file, br, gzip] = await Promise.all([kindOf(path), kindOf(`${path}.br`), kindOf(`${path}.gz`)]);
    if ([br, gzip].some((kind) => kind !== 'file' && kind !== 'missing')) return 'refused';
    return file === 'other' ? 'refused' : file;
  };
  /**
   * The file under `root` to send for an address, if there is one that may be sent.
   * @returns {Promise<string | undefined>}
   */
  const servable = async (/** @type {string} */ pathname) => {
    for (const name of [pathname, ...extensions.map((extension) => `${pathname}.${extension}`)]) {
      const kind = await lookAt(name);
      if (kind === 'file') return name;
      if (kind === 'refused') return undefined;
    }
    if (single && !namesFile(pathname) && (await lookAt('/index.html')) === 'file') return '/index.html';
    return undefined;
  };
  return (req, res, next) => {
    const url = req.url ?? '/';
    const end = url.search(/[?#]/);
    const [path, query] = end < 0 ? [url, ''] : [url.slice(0, end), url.slice(end)];
    let pathname = path;
    // As sirv reads it: decoded where it can be.
    try {
      pathname = decodeURI(path);
    } catch {
      // left as it came
    }
    servable(pathname).then(
      (sent) => {
        if (sent === undefined) return next();
        if (sent !== pathname) req.url = encodeURI(sent) + query;
        // sirv sends brotli to any Accept-Encoding that mentions br, `br;q=0` too: it is told the
        // form the site's rule chooses instead.
        req.headers['accept-encoding'] = preferredEncoding(req.headers['accept-encoding']);
        files(req, res, next);
      },
      () => next(),
    );
  };
}
