// @ts-check
// `slice publish <slice> | --all`: builds the slice (--built: takes its build as it is, --dist <dir>:
// that build), publishes it as a version of its own with the pages its build declares and prints
// the version (--release: releases it too, as slice release does). A slice the workspace does not
// have is published from a build (--built, --dist) with the working folder's package version.
import { sliceNames } from '@nova/contracts/slices';
import { buildSlice, builtSlice, publish } from '../publish.js';
import { releaseChecked } from './checked-release.js';
import { environmentSliceNamed } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function publishCommand({ args, options }, context) {
  for (const slice of options.all ? sliceNames : [environmentSliceNamed(args[0])]) {
    const { dist, built } = options;
    const build = dist ? () => dist : built ? builtSlice : buildSlice;
    const version = await publish({ root: context.root, slice, build, store: context.store });
    console.log(`${slice} ${version} is published.`);
    if (options.release) await releaseChecked(context, slice, version, { dropPages: options['drop-pages'] });
  }
}
