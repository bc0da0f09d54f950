// @ts-check
// `slice release <slice> <version>`: makes that version the released one, if it fits the shell and
// its pages neither leave its slice's paths nor meet another slice's (a release that drops a page
// of the released version: --drop-pages). --traffic P: the canary, with P % of the visitors;
// --guard: then watches it and rolls it back or promotes it (canary-guard.js; --metrics, --window,
// --interval and the rule's --min-* and --worse-*; a canary that drops pages is promoted only with
// --drop-pages).
import { setTimeout as sleep } from 'node:timers/promises';
import { ruleInWords, watchCanary } from '../canary-guard.js';
import { parseDuration } from '../duration.js';
import { refuseDroppedPages } from '../map-changes.js';
import { readServers } from '../slice-signals.js';
import { releaseCanaryChecked, releaseChecked } from './checked-release.js';
import {
  canaryShare,
  environmentSliceNamed,
  guardRule,
  problemsWithTheShell,
  readEveryServer,
  versionNamed,
} from './guards.js';

/** @typedef {import('../cli-options.js').CommandLine} CommandLine */
/** @typedef {import('./context.js').CommandContext} CommandContext */

/**
 * @param {CommandLine} line
 * @param {CommandContext} context
 */
export async function releaseCommand({ args, options }, context) {
  const slice = environmentSliceNamed(args[0]);
  const version = versionNamed(args[1], 'release');
  if (options.traffic === undefined) {
    if (options.guard) throw new Error('--guard watches a canary: give its share with --traffic <percent>.');
    return releaseChecked(context, slice, version, { dropPages: options['drop-pages'] });
  }
  const share = canaryShare(options);
  if (options.guard) return guardedCanary(options, context, slice, version, share);
  await releaseCanaryChecked(context, slice, version, share);
}

/** Sets the canary, then watches it (canary-guard.js); exits 0 only if it was promoted. */
async function guardedCanary(
  /** @type {CommandLine['options']} */ options,
  /** @type {CommandContext} */ context,
  /** @type {string} */ slice,
  /** @type {string} */ version,
  /** @type {number} */ share,
) {
  const rule = guardRule(options);
  const dropPages = options['drop-pages'];
  /** Why the guard may not promote it: the pages it drops unasked (none: []). */
  const dropsPages = async () => {
    const { map } = await context.store.read();
    const candidate = (map.microFrontends[slice] ?? []).find((listed) => listed.metadata.version === version);
    try {
      if (candidate) refuseDroppedPages(map, slice, candidate, { dropPages });
      return [];
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  };
  // Said before the canary is set, not at the end of its window.
  const dropped = await dropsPages();
  if (dropped.length > 0) throw new Error(`--guard would promote it: ${dropped.join(' ')}`);
  const windowMs = parseDuration(options.window, '--window');
  const intervalMs = parseDuration(options.interval, '--interval');
  const baseline = await readEveryServer(options, slice);
  const { canary, released } = await releaseCanaryChecked(context, slice, version, share);
  console.log(
    `Watching ${slice} ${version} against ${released} for ${options.window}, every ${options.interval}, ` +
      `from ${options.metrics.join(', ')} (rollback: ${ruleInWords(rule)}).`,
  );
  const { outcome, message } = await watchCanary({
    slice,
    canary,
    released,
    store: context.store,
    baseline,
    read: () => readServers(options.metrics, slice),
    rule,
    windowMs,
    intervalMs,
    sleep,
    now: () => new Date(),
    log: (line) => console.log(line),
    problems: async () => [...(await dropsPages()), ...(await problemsWithTheShell(context, slice, version))],
  });
  console.log(message);
  if (outcome !== 'promoted') process.exitCode = 1;
}
