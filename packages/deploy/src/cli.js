#!/usr/bin/env node
// @ts-check
// The slice deployment CLI: what a slice team runs against an environment's deployments.
//   slice publish <slice> | --all   build (or --built: take the build as it is, --dist <dir>: that build), publish, print the version
//                                   (--release: release it too)
//   slice release <slice> <version> make that version the released one, if it fits the shell
//   slice rollback <slice>          return to the version released before
//   slice list                      each slice's versions, and which one is released
//   slice check                     every released version against the shell's build
// --root <dir> picks the deployment root (default: deployments/, which `npm start` serves).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { releasedVersion } from '@nova/contracts/remote-map';
import { shell, sliceNames, slices } from '@nova/contracts/slices';
import { contractProblems } from './contract.js';
import { localDeployments, readRemoteMap, release, rollback, versionFolder, writeRemoteMap } from './environment.js';
import { buildSlice, builtSlice, publish } from './publish.js';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string', default: localDeployments },
    all: { type: 'boolean', default: false },
    built: { type: 'boolean', default: false },
    dist: { type: 'string' },
    release: { type: 'boolean', default: false },
  },
});
const [command, ...args] = positionals;
const root = options.root;
const shellManifestFile = join(import.meta.dirname, '../../..', shell.folder, 'dist/mf-manifest.json');
const readJson = (/** @type {string} */ file) => JSON.parse(readFileSync(file, 'utf8'));

/** @param {string | undefined} name */
function sliceNamed(name) {
  if (name && name in slices) return /** @type {SliceName} */ (name);
  throw new Error(`Name a slice: ${sliceNames.join(', ')}.`);
}

/** Problems between the shell's build and one published version of a slice. */
function problemsOf(/** @type {SliceName} */ slice, /** @type {string} */ version) {
  return contractProblems({
    remote: slice,
    version,
    remoteManifest: readJson(join(versionFolder(root, slice, version), 'mf-manifest.json')),
    shellManifest: readJson(shellManifestFile),
  });
}

/** Releases a version if it fits the shell; the next page load shows it. */
function releaseChecked(/** @type {SliceName} */ slice, /** @type {string} */ version) {
  const problems = problemsOf(slice, version);
  if (problems.length > 0) throw new Error(`Not released: ${problems.join(' ')}`);
  writeRemoteMap(root, release(readRemoteMap(root), slice, version, new Date()));
  console.log(`${slice} ${version} is released.`);
}

const commands = {
  publish() {
    for (const slice of options.all ? sliceNames : [sliceNamed(args[0])]) {
      const { dist, built } = options;
      const build = dist ? () => dist : built ? builtSlice : buildSlice;
      const version = publish({ root, slice, build });
      console.log(`${slice} ${version} is published.`);
      if (options.release) releaseChecked(slice, version);
    }
  },
  release() {
    const version = args[1];
    if (!version) throw new Error('Name the version to release (see: pnpm slice:list).');
    releaseChecked(sliceNamed(args[0]), version);
  },
  rollback() {
    const slice = sliceNamed(args[0]);
    const { map, version } = rollback(readRemoteMap(root), slice, new Date());
    writeRemoteMap(root, map);
    console.log(`${slice} is back to ${version}.`);
  },
  list() {
    const { microFrontends } = readRemoteMap(root);
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
  check() {
    const { microFrontends } = readRemoteMap(root);
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
  commands[/** @type {keyof typeof commands} */ (command)]();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
