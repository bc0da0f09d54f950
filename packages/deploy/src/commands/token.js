// @ts-check
// `slice token create|list|revoke <id>`, the administrator's, against the discovery service: a
// team's token (--team, --slices, --env, --expires 90d), shown once; the tokens; one revoked.
import { parseDuration } from '../duration.js';
import { listOption } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function tokenCommand({ args, options }, context) {
  const client = context.service();
  const [action, id] = args;
  if (action === 'create') {
    if (!options.team) throw new Error('Name the team: --team <team>.');
    const expiresAt = new Date(Date.now() + parseDuration(options.expires, '--expires')).toISOString();
    const made = await client.createToken({
      team: options.team,
      slices: listOption(options, 'slices'),
      environments: listOption(options, 'env'),
      expiresAt,
    });
    console.log(
      `Token ${made.id} of the ${made.team} team: ${made.slices.join(', ')} in ${made.environments.join(', ')}, until ${made.expiresAt}.\n` +
        `${made.token}\n` +
        'It is shown this once: keep it in a secret store and give it to the slice CLI as SLICE_TOKEN.',
    );
  } else if (action === 'revoke') {
    if (!id) throw new Error('Name the token to revoke: slice token revoke <id> (see: slice token list).');
    await client.revokeToken(id);
    console.log(`Token ${id} is revoked: the service refuses it from now on; history still names it.`);
  } else if (action === 'list') {
    for (const listed of await client.tokens()) {
      const state = listed.revokedAt ? `revoked ${listed.revokedAt}` : `until ${listed.expiresAt}`;
      console.log(
        `  ${listed.id}  ${listed.team}: ${listed.slices.join(', ')} in ${listed.environments.join(', ')}; ${state}`,
      );
    }
  } else throw new Error('Usage: slice token create --team <team> --slices <a,b> --env <a,b> | list | revoke <id>');
}
