// @ts-check
// `pnpm platform:publish [--registry <url>]`: builds every platform package (each package under
// packages/ that is not private) and publishes to the registry (by default the local one, `pnpm
// registry`) each version it does not have yet; a version it has is left as it is, and a package
// that changed under a version the registry has stops the publish (bump the version to publish a
// change). pnpm publishes them: it writes `workspace:` and `catalog:` as the versions they stand
// for, and each package's publishConfig points its exports at dist/.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs, promisify } from 'node:util';
import { npmEnvironment } from '../packages/tooling/src/npm-environment.js';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import { workspaceCopy } from '../packages/tooling/src/workspace-copy.js';
import { pinnedPnpm } from '../scripts/pnpm.mjs';
import { localRegistry } from '../packages/deploy/src/eject.js';
import { basicCredentials, publishAccount } from './publish-account.mjs';

const packagesDir = join(repoRoot, 'packages');

/** The platform packages' folders: every package under packages/ that may be published. */
export const platformPackages = () =>
  readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((folder) => existsSync(join(folder, 'package.json')))
    .filter((folder) => !JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).private);

/** What a build compiles; every other file under src/ (images) is published as it is. */
const compiled = new Set(['.ts', '.tsx', '.js']);

/**
 * Builds the platform packages afresh: each one's src/ compiled into dist/ with declarations
 * (tsconfig.build.json, in the order their references give), and its other files copied beside.
 * @param {string[]} folders
 */
export function buildPlatform(folders) {
  for (const folder of folders) {
    rmSync(join(folder, 'dist'), { recursive: true, force: true });
    rmSync(join(folder, 'node_modules/.tmp/build.tsbuildinfo'), { force: true });
  }
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  const configs = folders.map((folder) => join(folder, 'tsconfig.build.json'));
  execFileSync(process.execPath, [tsc, '-b', ...configs], { cwd: repoRoot, stdio: 'inherit' });
  for (const folder of folders)
    cpSync(join(folder, 'src'), join(folder, 'dist'), {
      recursive: true,
      filter: (source) => !compiled.has(extname(source)),
    });
}

/** Hosts of a registry on this machine: a Verdaccio of this checkout (registry.mjs). */
const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The environment of the npm commands of a publish (npm, and pnpm through npx): without the
 * settings pnpm hands down, which npm warns of (npmEnvironment); for a registry on this machine,
 * with npm settings of its own that hold the publish account (publish-account.mjs), which is the
 * only one it takes a publish from.
 * @param {string} registry
 * @param {(env: NodeJS.ProcessEnv) => T} run
 * @template T
 * @returns {T}
 */
export function withRegistrySettings(registry, run) {
  const { host, hostname } = new URL(registry);
  if (!loopback.has(hostname)) return run(npmEnvironment());
  const settings = mkdtempSync(join(tmpdir(), 'nova-publish-'));
  const cleanUp = () => rmSync(settings, { recursive: true, force: true });
  try {
    writeFileSync(join(settings, '.npmrc'), `//${host}/:_auth=${basicCredentials(publishAccount())}\n`, {
      mode: 0o600,
    });
    const result = run({ ...npmEnvironment(), npm_config_userconfig: join(settings, '.npmrc') });
    if (result instanceof Promise) return /** @type {T} */ (result.finally(cleanUp));
    cleanUp();
    return result;
  } catch (error) {
    cleanUp();
    throw error;
  }
}

/**
 * Downloads a package's version from `registry` into `folder` (npm pack, with npm's settings for
 * it): the tarball's path, or undefined if the registry has no such version.
 * @param {string} registry
 * @param {{ name: string, version: string }} wanted
 * @param {string} folder
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string | undefined>}
 */
async function publishedTarball(registry, { name, version }, folder, env) {
  const spec = `${name}@${version}`;
  try {
    await promisify(execFile)('npm', ['pack', spec, '--pack-destination', folder, '--json', '--registry', registry], {
      env,
    });
    return join(folder, tarballName(name, version));
  } catch (error) {
    const printed = String(/** @type {{ stdout?: string }} */ (error).stdout ?? '');
    if (printed.includes('"E404"')) return undefined;
    throw new Error(`npm could not read ${spec} from ${registry}: ${printed.trim() || error}`);
  }
}

/** The file name npm and pnpm give a package's tarball. */
const tarballName = (/** @type {string} */ name, /** @type {string} */ version) =>
  `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * Whether two package tarballs hold the same package: the same files with the same bytes, and the
 * same manifest, whatever the order of its keys (pnpm orders a manifest's dependencies one way
 * when it packs and another when it publishes). How the tar was compressed is no part of it.
 * @param {string} one
 * @param {string} other
 * @param {string} folder where to unpack them
 */
function samePackage(one, other, folder) {
  const unpacked = [one, other].map((tarball, index) => {
    const into = join(folder, String(index));
    mkdirSync(into, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', into]);
    const files = readdirSync(into, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(into, join(entry.parentPath, entry.name)))
      .sort();
    return { into, files };
  });
  const [a, b] = /** @type {[{ into: string, files: string[] }, { into: string, files: string[] }]} */ (unpacked);
  const read = (/** @type {string} */ root, /** @type {string} */ file) => readFileSync(join(root, file));
  return (
    isDeepStrictEqual(a.files, b.files) &&
    a.files.every((file) =>
      file === join('package', 'package.json')
        ? isDeepStrictEqual(JSON.parse(String(read(a.into, file))), JSON.parse(String(read(b.into, file))))
        : read(a.into, file).equals(read(b.into, file)),
    )
  );
}

/**
 * The platform packages whose version `registry` has already, with other contents than they have
 * now (packed as pnpm publishes them). A version is never published twice, so such a change would
 * be skipped and reach no team.
 * @param {string} registry
 * @param {string[]} folders
 * @returns {Promise<string[]>} what is wrong, a line for each
 */
export async function changedUnderPublishedVersions(registry, folders) {
  const manifests = folders.map((folder) => ({
    folder,
    .../** @type {{ name: string, version: string }} */ (
      JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'))
    ),
  }));
  const work = mkdtempSync(join(tmpdir(), 'nova-published-'));
  mkdirSync(join(work, 'published'));
  try {
    // Read as anyone reads: the registry asks no account for that.
    const published = await Promise.all(
      manifests.map((manifest) => publishedTarball(registry, manifest, join(work, 'published'), npmEnvironment())),
    );
    const kept = manifests.flatMap((manifest, index) => {
      const tarball = published[index];
      return tarball ? [{ ...manifest, tarball }] : [];
    });
    if (kept.length === 0) return [];
    const [command, args] = pinnedPnpm([
      ...['--recursive', ...kept.flatMap(({ folder }) => ['--filter', `./packages/${basename(folder)}`])],
      ...['pack', '--pack-destination', join(work, 'packed')],
    ]);
    execFileSync(command, args, { cwd: repoRoot, stdio: 'ignore', env: npmEnvironment() });
    return kept.flatMap(({ folder, name, version, tarball }) =>
      samePackage(join(work, 'packed', tarballName(name, version)), tarball, join(work, 'unpacked', name))
        ? []
        : [
            `${name} ${version} is in the registry with other contents than packages/${basename(folder)} has now: ` +
              'give it a new version (minor for additions, major for changes that break), then publish.',
          ],
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Publishes every platform package whose version `registry` lacks: to a registry on this machine
 * with the publish account, from npm settings of its own; any other registry gets the token your
 * npm settings hold for it.
 * @param {string} registry
 * @returns {string} what pnpm printed
 */
export function publishPlatform(registry) {
  const [command, args] = pinnedPnpm([
    ...['--recursive', '--filter', './packages/*', 'publish', '--registry', registry, '--no-git-checks'],
  ]);
  return withRegistrySettings(registry, (env) =>
    execFileSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env }),
  );
}

/**
 * Makes npm's cache (the machine's, shared by every run) forget what it kept of the platform's
 * packages from a registry at `url`. A registry of an earlier run may have had this port, with
 * other contents under the same versions, and `npm install --prefer-offline` would take its
 * package lists (and so its tarballs) for this one's.
 * @param {string} url
 */
export function forgetCachedPlatform(url) {
  const names = platformPackages().map((folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).name);
  const npm = (/** @type {string[]} */ ...args) =>
    execFileSync('npm', args, { encoding: 'utf8', env: npmEnvironment() });
  const prefix = `make-fetch-happen:request-cache:${new URL(url).origin}/`;
  const kept = npm('cache', 'ls', ...names)
    .split('\n')
    .filter((key) => key.startsWith(prefix));
  if (kept.length > 0) npm('cache', 'clean', ...kept);
}

/**
 * `pnpm platform:publish --registry <registry>`, run in a copy of the workspace: it builds each
 * platform package's dist/ afresh there, so that nothing beside it (a test, a publish from this
 * workspace's own dist/) finds a dist/ half written. Each package.json is the copy's own, in case
 * pnpm's publish writes one. Resolves to what it printed.
 * @param {string} registry
 */
export function publishPlatformFromACopy(registry) {
  const copy = workspaceCopy();
  try {
    for (const folder of platformPackages())
      copy.replace(join(relative(repoRoot, folder), 'package.json'), (text) => text);
    return execFileSync(process.execPath, ['registry/publish-platform.mjs', '--registry', registry], {
      cwd: copy.root,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } finally {
    copy.remove();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { registry: { type: 'string', default: localRegistry } } });
  try {
    const registry = new URL(values.registry).href;
    const folders = platformPackages();
    buildPlatform(folders);
    const changed = await changedUnderPublishedVersions(registry, folders);
    if (changed.length) throw new Error(`nothing was published.\n${changed.join('\n')}`);
    console.log(publishPlatform(registry));
  } catch (error) {
    console.error(`platform:publish failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
