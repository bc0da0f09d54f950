// @ts-check
// Where an environment's signing key is read: SIGNING_KEY, as the composer takes it
// (shell/server/config.mjs), or, for a local environment, the key file in its deployment root,
// which `scripts/serve.mjs` makes once and passes to the composer as SIGNING_KEY. The file stays
// out of git (deployments/ is ignored) and out of what any origin serves (each slice origin serves
// its own folder of versions, beside it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkedKey, randomKey } from './signing.js';

/** A deployment root's key file. */
export const signingKeyFile = (/** @type {string} */ root) => join(root, 'signing-key');

/**
 * The environment's key: SIGNING_KEY if set, else the deployment root's key file if there is one.
 * @param {{ env?: Record<string, string | undefined>, root: string }} where
 * @returns {string | undefined}
 */
export function environmentKey({ env = process.env, root }) {
  if (env.SIGNING_KEY) return checkedKey(env.SIGNING_KEY);
  const file = signingKeyFile(root);
  return existsSync(file) ? checkedKey(readFileSync(file, 'utf8'), file) : undefined;
}

/**
 * The deployment root's key, made (random, readable by its owner only) if it has none yet.
 * @param {string} root
 */
export function localSigningKey(root) {
  const file = signingKeyFile(root);
  try {
    writeFileSync(file, `${randomKey()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Someone made it first (another run at the same time): theirs is the key.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
  return checkedKey(readFileSync(file, 'utf8'), file);
}
