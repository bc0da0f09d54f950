// @ts-check
// The one account that may publish to a registry of this checkout (config.yaml: `publish:
// platform`): `pnpm platform:publish` publishes with it, nobody can register another (max_users:
// -1). It is made on the first start of a registry, a random password, and kept in
// registry/publish-account.json beside the storage, readable by its owner alone and git-ignored.
// Every registry started from this checkout (`pnpm registry`, a test's) takes this account.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Where the account is kept. */
export const accountFile = join(import.meta.dirname, 'publish-account.json');

/** The account's name, the one config.yaml lets publish @nova/*. */
const publisher = 'platform';

/** @typedef {{ user: string, password: string }} PublishAccount */

/**
 * The publish account, made now if there is none yet. Made whole or not at all, and only once
 * when registries start side by side: written under a name of its own, then linked into place
 * (a link fails if the account is there already).
 * @returns {PublishAccount}
 */
export function publishAccount() {
  if (!existsSync(accountFile)) {
    const draft = `${accountFile}.${randomUUID()}`;
    const account = { user: publisher, password: randomBytes(32).toString('base64url') };
    writeFileSync(draft, `${JSON.stringify(account)}\n`, { mode: 0o600 });
    try {
      linkSync(draft, accountFile);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  return JSON.parse(readFileSync(accountFile, 'utf8'));
}

/**
 * The account's line of an htpasswd file, hashed (bcrypt) by Verdaccio's own htpasswd plugin,
 * the one that reads it.
 * @param {PublishAccount} account
 * @returns {Promise<string>}
 */
export function htpasswdLine({ user, password }) {
  const fromVerdaccio = createRequire(createRequire(import.meta.url).resolve('verdaccio'));
  /** @type {{ generateHtpasswdLine: (user: string, password: string, hash: { algorithm: string }) => Promise<string> }} */
  const htpasswd = fromVerdaccio('verdaccio-htpasswd/build/utils');
  return htpasswd.generateHtpasswdLine(user, password, { algorithm: 'bcrypt' });
}

/**
 * The account as npm's `_auth` setting and an HTTP Basic `Authorization` carry it.
 * @param {PublishAccount} account
 */
export const basicCredentials = ({ user, password }) => Buffer.from(`${user}:${password}`).toString('base64');
