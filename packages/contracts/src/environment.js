// @ts-check
// An environment, as its remote map carries it (`environment`): which slices exist, where each is
// served from (its origins, in the order they are tried: the first that answers serves, the next
// when one fails) and which addresses each may serve (its paths). The administrator's: set with
// `slice environment` (the discovery service, or a local deployment root's environment.json), read
// by every composer and browser from the map. A new slice, a new origin, new paths: no shell
// release, no composer setting.
import { matchPattern, patternProblem, patternsOverlap, segmentsOf } from './pages.js';
import { sliceNames, slices } from './slices.js';

/**
 * One slice in an environment: its origins (a failover list) and its paths: exact addresses
 * (`/contact`) and prefixes (`/games/*`: /games and everything below it).
 * @typedef {{ origins: string[], paths: string[] }} SliceSettings
 * @typedef {{ slices: Record<string, SliceSettings> }} Environment
 */

/** The names a slice may have (no `__proto__`, nothing to escape). */
export const sliceNamePattern = /^[a-z][a-z0-9-]{0,31}$/;
const maxSlices = 32;
const maxOrigins = 8;
const maxPaths = 32;

const isRecord = (/** @type {unknown} */ value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value is an http(s) origin: scheme, host and port, nothing else. */
export const isOrigin = (/** @type {unknown} */ value) => {
  if (typeof value !== 'string') return false;
  const url = URL.parse(value);
  return url !== null && /^https?:$/.test(url.protocol) && url.origin === value;
};

/**
 * Why `rule` is not a path an environment may give a slice, if it is not one: an exact address
 * (`/`, `/contact`) or a prefix (`/games/*`), fixed segments only.
 * @param {unknown} rule
 */
export function pathRuleProblem(rule) {
  if (typeof rule !== 'string') return 'a path is a string';
  const problem = patternProblem(rule);
  if (problem) return problem.replace(/^its path/, 'the path');
  if (segmentsOf(rule).some((segment) => segment.startsWith(':')))
    return `the path ${JSON.stringify(rule)} names a parameter: an environment gives exact paths and prefixes (/games/*)`;
  return undefined;
}

/**
 * Whether a slice's path `rule` lets it serve a page at `pattern`: an exact rule, that address only
 * (the same pattern); a prefix, the prefix itself and every address below it.
 * @param {string} rule
 * @param {string} pattern
 */
export function ruleCovers(rule, pattern) {
  if (!rule.endsWith('/*')) return rule === pattern;
  const prefix = segmentsOf(rule).slice(0, -1);
  const segments = segmentsOf(pattern);
  return segments.length >= prefix.length && prefix.every((segment, index) => segments[index] === segment);
}

/**
 * What is wrong with an environment as a map carries it (nothing: `[]`): slices under plain names,
 * each with one to eight http(s) origins (none twice) and one to 32 paths; no two slices' paths
 * overlapping, so that every address has one owner at most.
 * @param {unknown} environment
 * @returns {string[]}
 */
export function environmentProblems(environment) {
  if (!isRecord(environment) || !isRecord(/** @type {Record<string, unknown>} */ (environment).slices))
    return ['The environment lists its slices: { "slices": { "<slice>": { "origins": [...], "paths": [...] } } }.'];
  const slices = /** @type {Record<string, unknown>} */ (/** @type {Record<string, unknown>} */ (environment).slices);
  const names = Object.keys(slices);
  if (names.length > maxSlices) return [`An environment has at most ${maxSlices} slices.`];
  /** @type {string[]} */
  const problems = [];
  /** @type {[string, string][]} */
  const rules = [];
  for (const name of names) {
    if (!sliceNamePattern.test(name)) {
      problems.push(`"${name.slice(0, 40)}" is not a slice name (${sliceNamePattern.source}).`);
      continue;
    }
    const settings = slices[name];
    if (!isRecord(settings)) {
      problems.push(`${name}: { "origins": [...], "paths": [...] }.`);
      continue;
    }
    const { origins, paths } = /** @type {Record<string, unknown>} */ (settings);
    if (
      !Array.isArray(origins) ||
      origins.length === 0 ||
      origins.length > maxOrigins ||
      !origins.every(isOrigin) ||
      new Set(origins).size !== origins.length
    )
      problems.push(
        `${name}'s origins are 1 to ${maxOrigins} http(s) origins (scheme, host and port), each once, in the order they are tried.`,
      );
    if (!Array.isArray(paths) || paths.length === 0 || paths.length > maxPaths) {
      problems.push(`${name}'s paths are 1 to ${maxPaths} exact paths (/contact) or prefixes (/games/*).`);
      continue;
    }
    for (const rule of paths) {
      const problem = pathRuleProblem(rule);
      if (problem) problems.push(`${name}: ${problem}.`);
      else rules.push([name, rule]);
    }
  }
  for (const [index, [slice, rule]] of rules.entries())
    for (const [other, otherRule] of rules.slice(index + 1))
      if (slice !== other && patternsOverlap(rule, otherRule))
        problems.push(`${slice}'s ${rule} and ${other}'s ${otherRule} overlap: every address has one slice at most.`);
  return problems;
}

/**
 * The slice that serves `path` (canonical), if one of the environment's slices has a path rule
 * that covers it: an exact one first, then the longest prefix.
 * @param {Environment} environment
 * @param {string} path
 * @returns {string | undefined}
 */
export function ownerOf(environment, path) {
  /** @type {{ slice: string, length: number } | undefined} */
  let best;
  for (const [slice, { paths }] of Object.entries(environment.slices))
    for (const rule of paths) {
      if (rule === path) return slice;
      if (rule.endsWith('/*') && matchPattern(rule, path)) {
        const length = segmentsOf(rule).length;
        if (!best || length > best.length) best = { slice, length };
      }
    }
  return best?.slice;
}

/**
 * This workspace's four slices as an environment, each on the origins `originsOf` gives it and the
 * paths slices.js gives it: the local environment's defaults, and the tests' usual environment.
 * @param {(slice: import('./slices.js').SliceName) => string[]} originsOf
 * @returns {Environment}
 */
export const workspaceEnvironment = (originsOf) => ({
  slices: Object.fromEntries(
    sliceNames.map((slice) => [slice, { origins: originsOf(slice), paths: [...slices[slice].paths] }]),
  ),
});
