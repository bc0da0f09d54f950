// @ts-check
// `slice history <slice>`, against the discovery service: the revisions of the environment's map
// that changed the slice, newest first (--env <env>: another environment of the service, --limit N).
import { printable } from '../printable.js';
import { environmentSliceNamed, wholeNumberOption } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function historyCommand({ args, options }, context) {
  const slice = environmentSliceNamed(args[0]);
  const client = context.service();
  const environment = options.env ?? client.environment;
  const limit = wholeNumberOption(options, 'limit', { min: 1, max: 1000 });
  const entries = await client.history(environment, slice, limit);
  console.log(`${slice} in ${environment}: ${entries.length === 0 ? 'no change yet' : 'newest first'}`);
  // What the service stored is shown as text, never as a terminal's controls (a forged line).
  const shown = (/** @type {unknown} */ value) => printable(String(value));
  for (const entry of entries) {
    const built = entry.commit ? `, built from ${shown(entry.commit)}` : '';
    const override = entry.override ? ` [the administrator set aside: ${shown(entry.override)}]` : '';
    console.log(
      `  #${shown(entry.revision)}  ${shown(entry.at)}  ${shown(entry.team)} (token ${shown(entry.tokenId)})  ${shown(entry.summary)}${built}  <${shown(entry.command)}>${override}`,
    );
  }
}
