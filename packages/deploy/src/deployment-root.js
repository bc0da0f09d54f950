// @ts-check
// One environment's deployments on this machine: its root folder, the version folders of each
// slice (immutable once written), its remote map file and its environment (environment.json:
// which slices it has, where each is served from and which paths each serves).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { environmentProblems } from '@nova/contracts/environment';
import { emptyRemoteMap, isRecord } from '@nova/contracts/remote-map';
import { slices } from '@nova/contracts/slices';
import writeFileAtomic from 'write-file-atomic';
import { checkVersionName } from './map-changes.js';
import { workspaceRoot } from './workspace.js';

/** @typedef {import('./map-store.js').RemoteMapJson} RemoteMapJson */
/** @typedef {import('@nova/contracts/environment').Environment} Environment */
/** @typedef {import('@nova/contracts/environment').SliceSettings} SliceSettings */

const writeFileAtomicSync = writeFileAtomic.sync;

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

/** The local environment's settings: `<root>/environment.json`. */
export const environmentFile = (/** @type {string} */ root) => join(root, 'environment.json');

/**
 * What a deployment root's environment.json says of each slice, in its form
 * `{ "slices": { "<slice>": { "origins": [...], "paths": [...] } } }`, either part left out where
 * it says none (the default then applies); its older form, `{ "origins": { "<slice>": "<origin>" } }`,
 * is read as the same. No file: nothing said.
 * @param {string} root
 * @returns {Record<string, Partial<SliceSettings>>}
 */
export function environmentSettings(root) {
  const file = environmentFile(root);
  if (!existsSync(file)) return {};
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} is not JSON: { "slices": { "<slice>": { "origins": [...], "paths": [...] } } }.`);
  }
  if (isRecord(json) && isRecord(json.slices))
    return Object.fromEntries(
      Object.entries(json.slices).map(([slice, said]) => [
        slice,
        isRecord(said)
          ? {
              ...(said.origins === undefined ? {} : { origins: /** @type {string[]} */ (said.origins) }),
              ...(said.paths === undefined ? {} : { paths: /** @type {string[]} */ (said.paths) }),
            }
          : {},
      ]),
    );
  if (isRecord(json) && isRecord(json.origins))
    return Object.fromEntries(
      Object.entries(json.origins).map(([slice, origin]) => [slice, { origins: [/** @type {string} */ (origin)] }]),
    );
  throw new Error(`${file} says no slices: { "slices": { "<slice>": { "origins": [...], "paths": [...] } } }.`);
}

/**
 * Each slice's settings with the defaults where the file says none: every slice of this
 * workspace (the slice list) is served from `http://localhost:<port>` at the paths the list gives
 * it; any other slice has what the file says of it.
 * @param {Record<string, Partial<SliceSettings>>} said
 * @returns {Record<string, Partial<SliceSettings>>}
 */
export function withDefaults(said) {
  /** @type {Record<string, Partial<SliceSettings>>} */
  const defaults = Object.fromEntries(
    Object.entries(slices).map(([slice, { port, paths }]) => [
      slice,
      { origins: [`http://localhost:${port}`], paths: [...paths] },
    ]),
  );
  return Object.fromEntries(
    [...new Set([...Object.keys(defaults), ...Object.keys(said)])].map((slice) => [
      slice,
      { ...defaults[slice], ...said[slice] },
    ]),
  );
}

/**
 * A deployment root's environment, as its map carries it (`environment`): each slice of
 * environment.json and of the workspace (`environmentSettings`, then the defaults), with its
 * origins, in the order they are tried, and its paths. A slice that has no paths (another slice
 * the file gives origins only) is not in it. One that does not hold (`environmentProblems`: two
 * slices' paths overlap, an origin that is not one) stops the caller, naming the file.
 * @param {string} root
 * @returns {Environment}
 */
export function environmentOf(root) {
  const environment = completeSlices(withDefaults(environmentSettings(root)));
  const problems = environmentProblems(environment);
  if (problems.length > 0) throw new Error(`${environmentFile(root)} does not hold: ${problems.join(' ')}`);
  return environment;
}

/**
 * The environment of the slices that have both origins and paths, unchecked.
 * @param {Record<string, Partial<SliceSettings>>} settings
 * @returns {Environment}
 */
export const completeSlices = (settings) =>
  /** @type {Environment} */ ({
    slices: Object.fromEntries(
      Object.entries(settings).filter(([, { origins, paths }]) => origins !== undefined && paths !== undefined),
    ),
  });

/**
 * Writes a deployment root's environment.json in its form, from what it says of each slice.
 * @param {string} root
 * @param {Record<string, Partial<SliceSettings>>} said
 */
export function writeEnvironmentSettings(root, said) {
  mkdirSync(root, { recursive: true });
  writeFileAtomicSync(environmentFile(root), `${JSON.stringify({ slices: said }, null, 2)}\n`);
}

/**
 * Where each slice's versions are served from in this environment (a slice's folder at that
 * origin): its first origin, as environment.json says, else the local port of the slice list.
 * Every slice with origins, those without paths too (a version is published at its origin).
 * @param {string} root
 * @returns {Record<string, string>}
 */
export function sliceOrigins(root) {
  return Object.fromEntries(
    Object.entries(withDefaults(environmentSettings(root))).flatMap(([slice, { origins }]) =>
      origins?.[0] === undefined ? [] : [[slice, origins[0]]],
    ),
  );
}

/**
 * The local environment's map as it is now, for reading (change it through a map store), with
 * the environment it was last written with.
 * @param {string} root
 */
export function readRemoteMap(root) {
  const file = remoteMapFile(root);
  return /** @type {RemoteMapJson} */ (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : emptyRemoteMap());
}
