// @ts-check
// Publishing a slice: its build copied, whole and unchanged, into a folder of its own version, and
// listed in the map with the pages it declares (its manifest's `pages`).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { pagesProblems } from '@nova/contracts/pages';
import { sliceVersion } from '@nova/contracts/remote-map';
import { slices } from '@nova/contracts/slices';
import { remoteMapFile, sliceOrigins, versionFolder } from './deployment-root.js';
import { addVersion } from './map-changes.js';
import { fileMapStore } from './file-map-store.js';
import { git } from './git.js';
import { requireWorkspace, sliceProject } from './workspace.js';

/** @typedef {import('./map-store.js').MapStore} MapStore */
/** @typedef {import('@nova/contracts/pages').PageDeclaration} PageDeclaration */
/** @typedef {import('./map-store.js').SliceVersion} SliceVersion */

/**
 * Every entry under `dir`, as paths relative to it in a stable order, each a plain file or a
 * folder. Anything else (a symbolic link above all: it would publish whatever it points to, from
 * outside the build) is refused, named.
 * @param {string} dir
 * @returns {{ path: string, folder: boolean }[]}
 */
function entriesUnder(dir) {
  // Entries as the folder lists them: a link is a link here, never what it points to.
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => ({
    entry,
    path: join(entry.parentPath, entry.name).slice(dir.length + 1),
  }));
  const odd = entries.find(({ entry }) => !entry.isFile() && !entry.isDirectory());
  if (odd) {
    const kind = odd.entry.isSymbolicLink() ? 'a symbolic link' : 'neither a file nor a folder';
    throw new Error(`${dir} holds ${odd.path}, ${kind}: a build is plain files and folders, so it is not published.`);
  }
  return entries
    .map(({ entry, path }) => ({ path, folder: entry.isDirectory() }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * A build's version: its package version and a short hash of every entry in it (each folder by
 * its name, each file by its name and content), so the same build always gets the same version and
 * any change gets a new one (`1.0.0-3fa9c21b`). A build holding anything but plain files and
 * folders has none: it is refused.
 * @param {string} dist
 * @param {string} packageVersion
 */
export function buildVersion(dist, packageVersion) {
  const hash = createHash('sha256');
  for (const { path, folder } of entriesUnder(dist)) {
    hash
      .update(folder ? 'folder\0' : 'file\0')
      .update(path)
      .update('\0');
    if (!folder) hash.update(readFileSync(join(dist, path)));
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 8)}`;
}

/**
 * The commit a build was made from, and whether the tree had changes on top of it (in `folder`'s
 * repository); no commit outside a repository (or before its first), as the map then records it.
 * What git answers there (`fatal: not a git repository`) stays out of the terminal.
 * @param {string} folder
 * @returns {{ commit?: string, dirty: boolean }}
 */
function sourceRevision(folder) {
  try {
    return {
      commit: git(folder, ['rev-parse', '--short', 'HEAD']),
      dirty: git(folder, ['status', '--porcelain']) !== '',
    };
  } catch {
    return { dirty: true };
  }
}

/**
 * Builds one slice of the workspace alone; returns the folder of its build.
 * @param {string} slice
 */
export function buildSlice(slice) {
  const instead = `build ${slice} first (npm run build), then publish it with --built or --dist.`;
  const workspace = requireWorkspace(instead);
  if (!Object.hasOwn(slices, slice)) throw new Error(`${slice} is not a slice of this workspace: ${instead}`);
  const { folder } = slices[/** @type {import('@nova/contracts/slices').SliceName} */ (slice)];
  execFileSync('pnpm', ['--filter', folder, 'build'], { cwd: workspace, stdio: 'inherit' });
  return builtSlice(slice);
}

/** The folder of a slice's last build, as its build script leaves it. */
export const builtSlice = (/** @type {string} */ slice) => join(sliceProject(slice), 'dist');

/**
 * The pages a build declares: its manifest's `pages` (the build preset writes them from the
 * slice's `src/exposes/pages.json`), checked as a map takes them. A build without them is refused.
 * @param {Record<string, unknown>} manifest the build's mf-manifest.json
 * @param {string} file where it is, for messages
 * @returns {PageDeclaration[]}
 */
function declaredPages(manifest, file) {
  if (manifest.pages === undefined)
    throw new Error(
      `${file} has no "pages" field: a build declares its pages there ([{ "path", "module", "title" }], ` +
        "from the slice's src/exposes/pages.json); build it with the build preset of this platform.",
    );
  const problems = pagesProblems(`${file}'s "pages"`, manifest.pages);
  if (problems.length > 0) throw new Error(problems.join(' '));
  return /** @type {PageDeclaration[]} */ (manifest.pages);
}

/**
 * Copies a build into its version folder, whole or not at all: into a folder of its own first,
 * then renamed into place. If another publish of the same build got there first, its copy stays.
 * @param {string} built
 * @param {string} target
 * @param {object} deployment what deployment.json records
 */
function copyWhole(built, target, deployment) {
  mkdirSync(dirname(target), { recursive: true });
  const partial = mkdtempSync(`${target}.partial-`);
  try {
    cpSync(built, partial, { recursive: true });
    writeFileSync(join(partial, 'deployment.json'), `${JSON.stringify(deployment, null, 2)}\n`);
    // Readable by every origin's server, which need not run as the user who publishes (nginx's
    // workers run unprivileged); a temporary folder is its owner's alone.
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  } catch (error) {
    if (!existsSync(target)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * Publishes one slice into a deployment root: builds it (by default alone, with its own build
 * script), copies the build to `<root>/<slice>/<version>/` and then lists that version, not
 * released, with the pages its manifest declares (`metadata.pages`; a build that declares none is
 * refused before anything is copied), in the environment's map (by default `<root>/remotes.json`). Publishing the same build
 * again changes nothing.
 * @param {{ root: string, slice: string, build?: (slice: string) => string, now?: Date, store?: MapStore }} options
 *   build: makes the build and returns its folder
 * @returns {Promise<string>} the version
 */
export async function publish({ root, slice, build = buildSlice, now = new Date(), store }) {
  const built = build(slice);
  const manifest = join(built, 'mf-manifest.json');
  if (!existsSync(manifest)) throw new Error(`${built} is not a build of ${slice}: it has no mf-manifest.json.`);
  const pages = declaredPages(JSON.parse(readFileSync(manifest, 'utf8')), manifest);
  const packageFile = join(sliceProject(slice), 'package.json');
  const { version: packageVersion } = existsSync(packageFile) ? JSON.parse(readFileSync(packageFile, 'utf8')) : {};
  if (typeof packageVersion !== 'string')
    throw new Error(`${packageFile} gives ${slice} no version: publish from the slice's own folder.`);
  const version = buildVersion(built, packageVersion);

  const target = versionFolder(root, slice, version);
  const builtFrom = { ...sourceRevision(sliceProject(slice)), builtAt: now.toISOString() };
  if (!builtFrom.commit)
    console.log(`${slice}: not in a git repository (or no commit yet), so this version records no commit.`);
  if (!existsSync(target)) copyWhole(built, target, { slice, version, builtFrom });
  const origin = sliceOrigins(root)[slice];
  if (origin === undefined)
    throw new Error(
      `${root}'s environment has no origin for ${slice}: give it one (slice environment --root ${root} --origins ${slice}=<origin> --paths ${slice}=<path>).`,
    );
  const url = `${origin}/${version}/mf-manifest.json`;
  const integrity = `sha256-${createHash('sha256')
    .update(readFileSync(join(target, 'mf-manifest.json')))
    .digest('base64')}`;
  const listed = sliceVersion({ url, version, integrity, released: false });
  const entry = /** @type {SliceVersion} */ ({
    ...listed,
    metadata: { ...listed.metadata, pages },
    extras: { builtFrom },
  });
  try {
    await (store ?? fileMapStore(remoteMapFile(root))).update((map) => addVersion(map, slice, entry));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${slice} ${version} was copied to ${target} but is not listed in the map: ${reason} Publish it again to list it.`,
    );
  }
  return version;
}
