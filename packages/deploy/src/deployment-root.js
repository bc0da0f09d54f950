// @ts-check
// One environment's deployments on this machine: its root folder, the version folders of each
// slice (immutable once written), its remote map file and where its slices are served from.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import { slices } from '@nova/contracts/slices';
import { checkVersionName } from './map-changes.js';
import { workspaceRoot } from './workspace.js';

/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */
/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */

/**
 * The deployments `npm start` serves: one local environment, in the workspace (git-ignored);
 * outside it, `deployments/` in the working folder.
 */
export const localDeployments = join(workspaceRoot ?? process.cwd(), 'deployments');

/**
 * Where one version of a slice lives: `<root>/<slice>/<version>/`, never changed once written.
 * The version is checked, and so is the path: it must resolve to a folder inside `root`, or
 * nothing is read, written or removed there.
 * @param {string} root
 * @param {string} slice
 * @param {string} version
 */
export function versionFolder(root, slice, version) {
  checkVersionName(slice, version);
  const base = resolve(root);
  const folder = resolve(base, slice, version);
  if (!folder.startsWith(base.endsWith(sep) ? base : base + sep))
    throw new Error(`${slice} ${version} would have its folder outside ${base}: ${folder}.`);
  return folder;
}

/** The environment's remote map, served as /remotes.json. */
export const remoteMapFile = (/** @type {string} */ root) => join(root, 'remotes.json');

/**
 * Where each slice's versions are served from in this environment (a slice's folder at that
 * origin): `<root>/environment.json` if it says, else the local ports of the slice list.
 * @param {string} root
 * @returns {Record<SliceName, string>}
 */
export function sliceOrigins(root) {
  const file = join(root, 'environment.json');
  const configured = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).origins : {};
  return /** @type {Record<SliceName, string>} */ (
    Object.fromEntries(
      Object.entries(slices).map(([name, { port }]) => [name, configured?.[name] ?? `http://localhost:${port}`]),
    )
  );
}

/**
 * The local environment's map as it is now, for reading (change it through a map store).
 * @param {string} root
 */
export function readRemoteMap(root) {
  const file = remoteMapFile(root);
  return /** @type {RemoteMapJson} */ (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : emptyRemoteMap());
}
