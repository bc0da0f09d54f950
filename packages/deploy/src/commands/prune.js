// @ts-check
// `slice prune <slice> | --all` (every slice the map lists): retires old versions from the map and their folders (the rule:
// prune.js; --keep-releases N, --keep-days N), printing what it keeps and why (--dry-run: changes nothing).
import { sliceNames } from '@nova/contracts/slices';
import { prune } from '../prune.js';
import { environmentSliceNamed, wholeNumberOption } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function pruneCommand({ args, options }, { root, store }) {
  const rule = {
    keepReleases: wholeNumberOption(options, 'keep-releases', {
      min: 2,
      note: 'a rollback needs the release before the current one',
    }),
    keepDays: wholeNumberOption(options, 'keep-days', { min: 0 }),
  };
  const dryRun = options['dry-run'];
  const slicesToPrune = options.all
    ? [...new Set([...sliceNames, ...Object.keys((await store.read()).map.microFrontends)])]
    : [environmentSliceNamed(args[0])];
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
}
