// @ts-check
// `slice environment <env> --origins legal=<origin>,… [--staged-in <env>]`, the administrator's,
// against the discovery service: where the environment's slices are served from and where it is
// staged; its map is started (empty) if it has none yet.
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import { urlMapStore } from '../url-map-store.js';
import { originsOption } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function environmentCommand({ args, options }, context) {
  const environment = args[0];
  if (!environment) throw new Error('Name the environment: slice environment <env> --origins legal=<origin>,…');
  const sliceOrigins = originsOption(options);
  const client = context.service();
  await client.saveEnvironment(environment, { sliceOrigins, stagedIn: options['staged-in'] ?? null });
  const target = urlMapStore(client.mapsOf(environment), context.writeContext);
  const started = (await target.read()).revision === null && (await target.replace(null, emptyRemoteMap()));
  const staged = options['staged-in'] ? `; staged in ${options['staged-in']}` : '';
  console.log(
    `${environment} serves ${Object.entries(sliceOrigins)
      .map(([slice, origins]) => `${slice} from ${origins.join(', ')}`)
      .join('; ')}${staged}${started ? '; its map is started' : ''}.`,
  );
}
