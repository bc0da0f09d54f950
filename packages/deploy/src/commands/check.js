// @ts-check
// `slice check`: every slice's released version against the shell's build (--shell-manifest): this
// workspace's slices, and any other the map releases.
import { releasedVersion } from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import { problemsWithTheShell } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} _line
 * @param {import('./context.js').CommandContext} context
 */
export async function checkCommand(_line, context) {
  const { microFrontends } = (await context.store.read()).map;
  const problems = [];
  const others = Object.keys(microFrontends).filter((slice) => releasedVersion(microFrontends[slice] ?? []));
  for (const slice of new Set([...sliceNames, ...others])) {
    const released = releasedVersion(microFrontends[slice] ?? []);
    problems.push(
      ...(released
        ? await problemsWithTheShell(context, slice, released.metadata.version)
        : [`${slice} has no released version.`]),
    );
  }
  if (problems.length > 0) throw new Error(`The shell and the released slices do not fit:\n${problems.join('\n')}`);
  console.log('Every released slice fits the shell.');
}
