#!/usr/bin/env node
// @ts-check
// The slice deployment CLI: what a slice team runs against an environment's deployments.
//   slice publish <slice> | --all   build (or --built: take the build as it is, --dist <dir>: that build), publish, print the version
//                                   (--release: release it too)
//   slice release <slice> <version> make that version the released one, if it fits the shell
//   slice rollback <slice>          return to the version released before
//   slice prune <slice> | --all     retire old versions (see prune.js; --keep-releases N, --keep-days N, --dry-run)
//   slice list                      each slice's versions, and which one is released
//   slice check                     every released version against the shell's build
// --root <dir> picks the deployment root, where version folders go (default: deployments/, which
// `npm start` serves). --map <file-or-url> picks the remote map (default: <root>/remotes.json); a
// URL is changed with conditional PUTs, as discovery-service.js serves it.
// --shell-manifest <file> is the shell build the contract check uses (default: shell/dist/mf-manifest.json).
// Every change to the map is one compare-and-set update: concurrent runs never lose each other's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isHttpUrl, releasedVersion } from '@nova/contracts/remote-map';
import { shell, sliceNames, slices } from '@nova/contracts/slices';
import { contractProblems } from './contract.js';
import { localDeployments, release, remoteMapFile, rollback, versionFolder } from './environment.js';
import { fileMapStore } from './file-map-store.js';
import { defaultPruneRule, prune } from './prune.js';
import { buildSlice, builtSlice, publish } from './publish.js';
import { urlMapStore } from './url-map-store.js';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string', default: localDeployments },
    map: { type: 'string' },
    'shell-manifest': {
      type: 'string',
      default: join(import.meta.dirname, '../../..', shell.folder, 'dist/mf-manifest.json'),
    },
    all: { type: 'boolean', default: false },
    built: { type: 'boolean', default: false },
    dist: { type: 'string' },
    release: { type: 'boolean', default: false },
    'keep-releases': { type: 'string', default: String(defaultPruneRule.keepReleases) },
    'keep-days': { type: 'string', default: String(defaultPruneRule.keepDays) },
    'dry-run': { type: 'boolean', default: false },
  },
});
const [command, ...args] = positionals;
const root = options.root;
const mapLocation = options.map ?? remoteMapFile(root);
const store = isHttpUrl(mapLocation) ? urlMapStore(mapLocation) : fileMapStore(mapLocation);
const readJson = (/** @type {string} */ file) => JSON.parse(readFileSync(file, 'utf8'));

/** @param {string | undefined} name */
function sliceNamed(name) {
  if (name && name in slices) return /** @type {SliceName} */ (name);
  throw new Error(`Name a slice: ${sliceNames.join(', ')}.`);
}

/** A whole-number option, at least `min` (`why` says what a smaller one would break). */
function wholeNumberOption(/** @type {string} */ name, /** @type {number} */ min, /** @type {string} */ why) {
  const value = Number(options[/** @type {'keep-days' | 'keep-releases'} */ (name)]);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be a whole number of at least ${min}${why}.`);
  return value;
}

/** Problems between the shell's build and one published version of a slice. */
function problemsOf(/** @type {SliceName} */ slice, /** @type {string} */ version) {
  const remoteManifest = join(versionFolder(root, slice, version), 'mf-manifest.json');
  if (!existsSync(remoteManifest))
    return [`${slice} ${version} is not published under ${root} (no ${remoteManifest}).`];
  return contractProblems({
    remote: slice,
    version,
    remoteManifest: readJson(remoteManifest),
    shellManifest: readJson(options['shell-manifest']),
  });
}

/** Releases a version if it fits the shell; the next page load shows it. */
async function releaseChecked(/** @type {SliceName} */ slice, /** @type {string} */ version) {
  const problems = problemsOf(slice, version);
  if (problems.length > 0) throw new Error(`Not released: ${problems.join(' ')}`);
  await store.update((map) => release(map, slice, version, new Date()));
  console.log(`${slice} ${version} is released.`);
}

const commands = {
  async publish() {
    for (const slice of options.all ? sliceNames : [sliceNamed(args[0])]) {
      const { dist, built } = options;
      const build = dist ? () => dist : built ? builtSlice : buildSlice;
      const version = await publish({ root, slice, build, store });
      console.log(`${slice} ${version} is published.`);
      if (options.release) await releaseChecked(slice, version);
    }
  },
  async release() {
    const version = args[1];
    if (!version) throw new Error('Name the version to release (see: pnpm slice:list).');
    await releaseChecked(sliceNamed(args[0]), version);
  },
  async rollback() {
    const slice = sliceNamed(args[0]);
    const { map } = await store.update((latest) => rollback(latest, slice, new Date()).map);
    console.log(`${slice} is back to ${releasedVersion(map.microFrontends[slice] ?? [])?.metadata.version}.`);
  },
  async prune() {
    const rule = {
      keepReleases: wholeNumberOption('keep-releases', 2, ': a rollback needs the release before the current one'),
      keepDays: wholeNumberOption('keep-days', 0, ''),
    };
    const dryRun = options['dry-run'];
    const slicesToPrune = options.all ? sliceNames : [sliceNamed(args[0])];
    const { judged, retired } = await prune({ root, store, slices: slicesToPrune, rule, dryRun });
    for (const { slice, verdicts } of judged) {
      console.log(`${slice}${verdicts.length === 0 ? ': nothing published' : ''}`);
      for (const { version, kept, publishedAt, lastReleasedAt } of verdicts) {
        const why =
          kept.length > 0
            ? `kept: ${kept.join('; ')}`
            : `${dryRun ? 'would remove' : 'removed'}: published ${publishedAt}, last released ${lastReleasedAt ?? 'never'}`;
        console.log(`  ${version}  ${why}`);
      }
    }
    const what = `${retired.length} version${retired.length === 1 ? '' : 's'}`;
    console.log(
      dryRun ? `Would remove ${what} (dry run: nothing changed).` : `Removed ${what} from the map and their folders.`,
    );
  },
  async list() {
    const { microFrontends } = (await store.read()).map;
    for (const slice of sliceNames) {
      const versions = microFrontends[slice] ?? [];
      console.log(`${slice}${versions.length === 0 ? ': nothing published' : ''}`);
      const released = releasedVersion(versions);
      for (const { metadata, extras } of versions) {
        const from = extras?.builtFrom
          ? `built ${extras.builtFrom.builtAt} from ${extras.builtFrom.commit}${extras.builtFrom.dirty ? ' with local changes' : ''}`
          : '';
        console.log(`  ${metadata.version === released?.metadata.version ? '*' : ' '} ${metadata.version}  ${from}`);
      }
    }
  },
  async check() {
    const { microFrontends } = (await store.read()).map;
    const problems = sliceNames.flatMap((slice) => {
      const released = releasedVersion(microFrontends[slice] ?? []);
      return released ? problemsOf(slice, released.metadata.version) : [`${slice} has no released version.`];
    });
    if (problems.length > 0) throw new Error(`The shell and the released slices do not fit:\n${problems.join('\n')}`);
    console.log('Every released slice fits the shell.');
  },
};

try {
  if (!command || !(command in commands)) throw new Error(`Usage: slice <${Object.keys(commands).join('|')}> …`);
  await commands[/** @type {keyof typeof commands} */ (command)]();
} catch (error) {
  console.error(`slice ${positionals.join(' ')} failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
