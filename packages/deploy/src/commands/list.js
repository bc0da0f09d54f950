// @ts-check
// `slice list`: each slice's versions (this workspace's slices, then any other the map lists), which
// one is released (*) and which is the canary (~), with their shares while there is a canary, and
// what each was built from.
import { releasedVersion } from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import { canaryVersion } from '@nova/contracts/traffic';

/**
 * @param {import('../cli-options.js').CommandLine} _line
 * @param {import('./context.js').CommandContext} context
 */
export async function listCommand(_line, { store }) {
  const { microFrontends } = (await store.read()).map;
  for (const slice of new Set([...sliceNames, ...Object.keys(microFrontends)])) {
    const versions = microFrontends[slice] ?? [];
    console.log(`${slice}${versions.length === 0 ? ': nothing published' : ''}`);
    const released = releasedVersion(versions);
    const canary = canaryVersion(versions);
    for (const { metadata, extras, deployment } of versions) {
      const from = extras?.builtFrom
        ? `built ${extras.builtFrom.builtAt} from ${extras.builtFrom.commit ?? 'an unknown commit'}${extras.builtFrom.dirty ? ' with local changes' : ''}`
        : '';
      const role =
        metadata.version === canary?.metadata.version
          ? ['~', `canary, ${deployment.traffic} %  `]
          : metadata.version === released?.metadata.version
            ? ['*', canary ? `released, ${deployment.traffic} %  ` : '']
            : [' ', ''];
      console.log(`  ${role[0]} ${metadata.version}  ${role[1]}${from}`);
    }
  }
}
