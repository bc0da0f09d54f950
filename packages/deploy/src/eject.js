// @ts-check
// `slice eject <slice> --dir <path> [--registry <url>]`: a repository of its own for one slice of
// the workspace, for a team that builds and ships it from there with only Node and npm. It holds
// the slice's sources and tests as they are here, a package.json that takes the platform packages
// by version from the registry and every other dependency at the exact version the workspace's
// catalog pins, the workspace's Node (its optional `node-<platform>-<arch>` packages, checked before
// every script: check-node.js), a tsconfig.json, the workspace's .env, the patches the build needs
// (for patch-package), a README with the team's commands and a CI script: all of it the first
// commit of a git repository, so that each version it publishes names the commit it was built from.
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { slices } from '@nova/contracts/slices';
import { localDeployments } from './deployment-root.js';
import { defaultDevPort, firstDeclaredPage } from './dev.js';
import { ejectedReadme } from './ejected-readme.js';
import { commitEverything } from './git.js';
import { requireWorkspace } from './workspace.js';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {Record<string, string>} Dependencies */

/** Where `pnpm registry` serves the platform packages: Verdaccio's usual port. */
export const localRegistry = 'http://localhost:4873';

/** What a slice's folder holds that is made from its sources, not part of them. */
const generated = new Set(['node_modules', 'dist', 'dist-server', '.vite', 'test-results']);

/** The dev tools a slice's own repository adds: its type check, the CLI and the patches' tool. */
const ownRepositoryTools = ['@nova/deploy', '@types/node', 'patch-package', 'typescript'];

/** What every npm script of a slice's own repository runs first (check-node.js, copied there). */
export const nodeCheck = 'node scripts/check-node.js';

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Every dependency as the slice's own repository names it: a platform package by version from the
 * registry (`^` its version in the workspace), anything else at the version the catalog pins.
 * @param {Dependencies} dependencies as the workspace names them (`workspace:*`, `catalog:`)
 * @param {{ catalog: Dependencies, platform: (name: string) => { version: string, published: boolean } }} versions
 * @returns {Dependencies}
 */
export function ownDependencies(dependencies, { catalog, platform }) {
  return Object.fromEntries(
    Object.entries(dependencies)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, spec]) => {
        if (spec.startsWith('workspace:')) {
          const { version, published } = platform(name);
          if (!published) throw new Error(`${name} is not published (it is private to the workspace).`);
          return [name, `^${version}`];
        }
        if (spec === 'catalog:') {
          const pinned = catalog[name];
          if (!pinned) throw new Error(`${name} is not in the workspace's catalog.`);
          return [name, pinned];
        }
        throw new Error(`${name}@${spec} is neither from the workspace nor from its catalog.`);
      }),
  );
}

/**
 * The slice's package.json for a repository of its own: its scripts plus its tests (types first),
 * each after the check that it runs on the workspace's Node (`engines`, which the install brings as
 * the workspace's does: its optional dependencies), patch-package after every install, and `dev`
 * the slice inside an environment (`slice dev`, on `devPort` if given; the harness alone is
 * `dev:alone`).
 * @param {WorkspacePackage} workspacePackage
 * @param {{ slice: string, devPort?: number, catalog: Dependencies, platform: (name: string) => { version: string, published: boolean }, workspaceManifest: { engines: { node: string }, optionalDependencies: Dependencies } }} context
 */
function ownPackage(workspacePackage, { slice, devPort, catalog, platform, workspaceManifest }) {
  const { name, version, scripts = {}, dependencies = {}, devDependencies = {} } = workspacePackage;
  const tools = Object.fromEntries(
    ownRepositoryTools.map((tool) => [tool, tool.startsWith('@nova/') ? 'workspace:*' : 'catalog:']),
  );
  const versions = { catalog, platform };
  const checked = {
    ...scripts,
    dev: `slice dev ${slice}${devPort === undefined ? '' : ` --port ${devPort}`}`,
    ...(scripts.dev && { 'dev:alone': scripts.dev }),
    test: 'tsc && vitest run',
  };
  return {
    name,
    version,
    private: true,
    type: 'module',
    engines: workspaceManifest.engines,
    scripts: {
      ...Object.fromEntries(Object.entries(checked).map(([script, command]) => [script, `${nodeCheck} && ${command}`])),
      postinstall: 'patch-package',
    },
    dependencies: ownDependencies(dependencies, versions),
    devDependencies: ownDependencies({ ...devDependencies, ...tools }, versions),
    optionalDependencies: ownDependencies(workspaceManifest.optionalDependencies, versions),
  };
}

/**
 * A pnpm patch (paths relative to the package) as patch-package reads it (paths from the
 * repository's root, through node_modules).
 * @param {string} patch
 * @param {string} name the patched package
 */
export const asPatchPackagePatch = (patch, name) =>
  patch.replace(/^(diff --git a\/|--- a\/|\+\+\+ b\/)(\S+)(?: b\/(\S+))?$/gm, (_, start, path, other) =>
    start === 'diff --git a/'
      ? `diff --git a/node_modules/${name}/${path} b/node_modules/${name}/${other}`
      : `${start}node_modules/${name}/${path}`,
  );

/**
 * The workspace's compiler options, for a slice's code and tests in one program, with what the
 * workspace's programs hold beside them: the theme's tokens on Emotion's theme (@nova/ui/theme)
 * and jest-dom's matchers (the preset's test setup).
 */
function ownTsconfig(/** @type {string} */ workspace) {
  const { compilerOptions } = readJson(join(workspace, 'tsconfig.base.json'));
  const types = ['vite/client', 'node', '@nova/ui/theme', '@nova/build-preset/test-setup'];
  return {
    compilerOptions: { ...compilerOptions, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types },
    include: ['src', 'vite.config.ts'],
  };
}

/**
 * The script a CI service runs on every change: a clean install from the lockfile, the tests, the
 * build.
 */
export const ciScript = [
  '#!/usr/bin/env bash',
  '# CI: a clean install from package-lock.json, the tests, the build (dist/, published by the release job).',
  'set -euo pipefail',
  'cd "$(dirname "$0")/.."',
  'npm ci',
  'npm test',
  'npm run build',
  '',
].join('\n');

/**
 * @typedef {{ name: string, version: string, scripts?: Record<string, string>, dependencies?: Dependencies, devDependencies?: Dependencies }} WorkspacePackage
 *   a slice's package.json as the workspace writes it (`workspace:*`, `catalog:`)
 */

/**
 * Where a new repository goes, checked before anything is written: the workspace it is made
 * from, the folder (new, or empty) and the registry of the platform packages.
 * @param {{ command: 'eject' | 'create', dir: string | undefined, registry: string }} options
 */
export function newRepository({ command, dir, registry }) {
  const workspace = requireWorkspace(
    command === 'eject'
      ? 'eject writes a slice from its sources, in the workspace.'
      : "create writes a slice from the workspace's build preset and versions, in the workspace.",
  );
  if (!dir) throw new Error('Name the folder of the new repository with --dir <path>.');
  if (!URL.canParse(registry) || !/^https?:$/.test(new URL(registry).protocol))
    throw new Error(`--registry must be the http(s) URL of an npm registry, not "${registry}".`);
  const target = resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} is not empty: ${command} writes a new repository.`);
  return { workspace, target, registry: new URL(registry).href };
}

/**
 * Writes what a slice's repository of its own holds around its sources (already in `target`):
 * its package.json (the platform packages by version from `registry`, the rest at the catalog's
 * versions), .npmrc, tsconfig.json, .gitignore, the workspace's .env, the patches its build needs,
 * CI, the Node check and the README; then makes it a git repository with one commit.
 * @param {{ workspace: string, target: string, registry: string, slice: string, workspacePackage: WorkspacePackage, port: number, devPort: number, pagePath: string, made: 'eject' | 'create', devPortInScript?: boolean }} repository
 *   port: the slice's dev server (the harness); devPort: `slice dev`'s (`devPortInScript`: named in
 *   the `dev` script, for a slice the CLI has no port of); pagePath: one of its pages; made: the
 *   command that makes it, as the README and the first commit say
 */
export function writeOwnRepository({
  workspace,
  target,
  registry,
  slice,
  workspacePackage,
  port,
  devPort,
  pagePath,
  made,
  devPortInScript = false,
}) {
  const { catalog, patchedDependencies = {} } = parse(readFileSync(join(workspace, 'pnpm-workspace.yaml'), 'utf8'));
  const workspacePackages = new Map(
    readdirSync(join(workspace, 'packages'))
      .map((folder) => join(workspace, 'packages', folder, 'package.json'))
      .filter((file) => existsSync(file))
      .map((file) => readJson(file))
      .map(({ name, version, private: unpublished }) => [name, { version, published: !unpublished }]),
  );
  const platform = (/** @type {string} */ name) => {
    const found = workspacePackages.get(name);
    if (!found) throw new Error(`${name} is not a package of the workspace's packages/.`);
    return found;
  };
  const ownManifest = ownPackage(workspacePackage, {
    slice,
    ...(devPortInScript && { devPort }),
    catalog,
    platform,
    workspaceManifest: readJson(join(workspace, 'package.json')),
  });

  const write = (/** @type {string} */ file, /** @type {string} */ text) => writeFileSync(join(target, file), text);
  write('package.json', `${JSON.stringify(ownManifest, null, 2)}\n`);
  write('.npmrc', `@nova:registry=${registry}\n`);
  write('tsconfig.json', `${JSON.stringify(ownTsconfig(workspace), null, 2)}\n`);
  write('.gitignore', ['node_modules/', 'dist/', '.vite/', '*.tsbuildinfo', ''].join('\n'));
  cpSync(join(workspace, '.env'), join(target, '.env'));

  // The patches of what the slice's build installs (the federation plugin's, through the preset).
  const buildPreset = readJson(join(workspace, 'packages/build-preset/package.json'));
  const installs = new Set([
    ...Object.keys({ ...ownManifest.dependencies, ...ownManifest.devDependencies }),
    ...Object.keys(buildPreset.dependencies),
  ]);
  mkdirSync(join(target, 'patches'));
  for (const [pinned, file] of Object.entries(/** @type {Record<string, string>} */ (patchedDependencies))) {
    const name = pinned.slice(0, pinned.lastIndexOf('@'));
    if (!installs.has(name)) continue;
    const version = pinned.slice(pinned.lastIndexOf('@') + 1);
    const patch = asPatchPackagePatch(readFileSync(join(workspace, file), 'utf8'), name);
    write(join('patches', `${name.replace('/', '+')}+${version}.patch`), patch);
  }

  mkdirSync(join(target, 'ci'));
  write('ci/run', ciScript);
  chmodSync(join(target, 'ci/run'), 0o755);
  mkdirSync(join(target, 'scripts'), { recursive: true }); // marketing has scripts of its own
  cpSync(fileURLToPath(new URL('check-node.js', import.meta.url)), join(target, 'scripts/check-node.js'));
  write(
    'README.md',
    ejectedReadme({
      slice,
      name: ownManifest.name,
      registry,
      node: ownManifest.engines.node,
      port,
      devPort,
      deployments: localDeployments,
      pagePath,
      made,
    }),
  );
  const commit = commitEverything(
    target,
    made === 'eject'
      ? `The ${slice} slice, ejected from the Nova Reels workspace`
      : `The ${slice} slice, created with slice create`,
  );
  console.log(
    commit
      ? `It is a git repository: its first commit, ${commit}, holds all of it.`
      : 'git is not installed here, so it is no git repository yet: make it one (git init && git add -A && ' +
          'git commit) before you publish, so that each version names the commit it was built from.',
  );
  console.log(`Next: cd ${target} && npm install && npm test && npm run build (see its README.md).`);
}

/**
 * Writes the repository of `slice` into `dir` (a new or empty folder).
 * @param {{ slice: SliceName, dir: string | undefined, registry: string | undefined }} options
 */
export function eject({ slice, dir, registry = localRegistry }) {
  const repository = newRepository({ command: 'eject', dir, registry });
  const { workspace, target } = repository;
  const source = join(workspace, slices[slice].folder);
  mkdirSync(target, { recursive: true });
  cpSync(source, target, { recursive: true, filter: (path) => path === source || !generated.has(basename(path)) });
  console.log(`${slice}: a repository of its own in ${target}, with the platform packages from ${registry}.`);
  writeOwnRepository({
    ...repository,
    slice,
    workspacePackage: readJson(join(source, 'package.json')),
    port: slices[slice].port,
    devPort: defaultDevPort(slice),
    pagePath: firstDeclaredPage(source).path,
    made: 'eject',
  });
}
