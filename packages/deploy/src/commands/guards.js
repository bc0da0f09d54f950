// @ts-check
// The checks the slice CLI's commands make before they change anything, each written once: the
// slice and version named, options that take numbers, lists and pairs, the metrics servers read,
// and the contract check (a version must fit the shell's build). Each stops the command with an
// error that says what to give instead.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathRuleProblem, sliceNamePattern } from '@nova/contracts/environment';
import { sliceNames, slices } from '@nova/contracts/slices';
import { commaList, originPairs, slicePairs, wholeNumber } from '@nova/kit/settings';
import { contractProblems } from '../contract.js';
import { versionFolder } from '../deployment-root.js';
import { readShellManifest } from '../shell-manifest.js';
import { readServers } from '../slice-signals.js';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('../slice-signals.js').Reading} Reading */
/** @typedef {import('./context.js').Options} Options */
/** @typedef {import('./context.js').CommandContext} CommandContext */

/**
 * A slice of this workspace, as a command that needs its folder names it.
 * @param {string | undefined} name
 */
export function sliceNamed(name) {
  if (name && name in slices) return /** @type {SliceName} */ (name);
  throw new Error(`Name a slice: ${sliceNames.join(', ')}.`);
}

/**
 * A slice of the environment, as a command that needs no folder of it names it: this workspace's,
 * or another the environment has (added with `slice environment`), by any slice name.
 * @param {string | undefined} name
 */
export function environmentSliceNamed(name) {
  if (name && sliceNamePattern.test(name)) return name;
  throw new Error(
    `Name a slice: ${sliceNames.join(', ')}, or another of the environment (a slice name: ${sliceNamePattern.source}).`,
  );
}

/**
 * The version a command names, to `doing` (`release`, `preview`).
 * @param {string | undefined} version
 * @param {string} doing
 */
export function versionNamed(version, doing) {
  if (!version) throw new Error(`Name the version to ${doing} (see: pnpm slice:list).`);
  return version;
}

/** @typedef {'keep-days' | 'keep-releases' | 'traffic' | 'min-views' | 'min-clients' | 'min-failures' | 'worse-by' | 'limit'} WholeNumberOption */

/**
 * A whole-number option, in `range` (its `note` says what a number outside would break).
 * @param {Options} options
 * @param {WholeNumberOption} name
 * @param {{ min: number, max?: number, note?: string }} range
 */
export function wholeNumberOption(options, name, range) {
  const value = wholeNumber(`--${name}`, options[name], range);
  if (value === undefined) throw new Error(`--${name}: give it a whole number.`);
  return value;
}

/** A canary's share of the visitors, as --traffic gives it. */
export const canaryShare = (/** @type {Options} */ options) =>
  wholeNumberOption(options, 'traffic', { min: 1, max: 99, note: "a canary's share of the visitors" });

/** The canary guard's rule, from its options. */
export function guardRule(/** @type {Options} */ options) {
  const worseTimes = Number(options['worse-times']);
  if (!(worseTimes >= 1))
    throw new Error(`--worse-times must be a number of at least 1, not "${options['worse-times']}".`);
  return {
    minViews: wholeNumberOption(options, 'min-views', { min: 1 }),
    minClients: wholeNumberOption(options, 'min-clients', { min: 1 }),
    minFailures: wholeNumberOption(options, 'min-failures', { min: 1 }),
    worseByPoints: wholeNumberOption(options, 'worse-by', { min: 1, max: 100, note: 'percentage points' }),
    worseTimes,
  };
}

/** A revision's number, as `--to` gives it. */
export function revisionNumber(/** @type {string} */ text) {
  if (!/^[1-9]\d{0,8}$/.test(text))
    throw new Error(`--to takes a revision's number (see: slice history), not "${text}".`);
  return Number(text);
}

/** A comma-separated list of names (`--slices legal,games`), at least one. */
export function listOption(/** @type {Options} */ options, /** @type {'slices' | 'env'} */ name) {
  const list = commaList(options[name]);
  if (list.length === 0) throw new Error(`Give --${name} as a comma-separated list.`);
  return list;
}

/**
 * Where each slice is served from, as `--origins legal=<origin>,…` gives it (a slice named again: a
 * failover), each a slice name (this site's, or a slice the environment adds) and an http(s) origin.
 */
export const originsOption = (/** @type {Options} */ options) =>
  originPairs('--origins', options.origins, sliceNamePattern);

/**
 * Which paths each slice serves, as `--paths games=/games/*,legal=/terms-and-conditions,…` gives
 * them (a slice named once per path): exact paths and prefixes, each as `pathRuleProblem` takes it.
 */
export const pathsOption = (/** @type {Options} */ options) =>
  slicePairs('--paths', options.paths, {
    slices: sliceNamePattern,
    kind: 'path',
    example: () => 'games=/games/*',
    read: (rule, where) => {
      const problem = pathRuleProblem(rule);
      if (problem) throw new Error(`${where}: ${problem}.`);
      return rule;
    },
  });

/** Every --metrics server's reading of the slice; one that cannot be read stops the command. */
export async function readEveryServer(/** @type {Options} */ options, /** @type {string} */ slice) {
  const readings = await readServers(options.metrics, slice);
  for (const reading of readings.values()) if (reading instanceof Error) throw reading;
  return /** @type {Map<string, Reading>} */ (readings);
}

/** Problems between the shell's build and one published version of a slice (none: it fits). */
export async function problemsWithTheShell(
  /** @type {CommandContext} */ { root, shellManifest },
  /** @type {string} */ slice,
  /** @type {string} */ version,
) {
  const remoteManifest = join(versionFolder(root, slice, version), 'mf-manifest.json');
  if (!existsSync(remoteManifest))
    return [`${slice} ${version} is not published under ${root} (no ${remoteManifest}).`];
  return contractProblems({
    remote: slice,
    version,
    remoteManifest: JSON.parse(readFileSync(remoteManifest, 'utf8')),
    shellManifest: await readShellManifest(shellManifest),
  });
}

/** Stops the command (`refusal`: what it does not do) unless each of the slice's versions fits the shell. */
export async function mustFitTheShell(
  /** @type {CommandContext} */ context,
  /** @type {string} */ slice,
  /** @type {string[]} */ versions,
  /** @type {string} */ refusal,
) {
  const problems = (await Promise.all(versions.map((version) => problemsWithTheShell(context, slice, version)))).flat();
  if (problems.length > 0) throw new Error(`${refusal}: ${problems.join(' ')}`);
}
