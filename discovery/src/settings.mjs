// @ts-check
// The discovery service's settings, from the environment, checked in one place.
import { fileURLToPath } from 'node:url';

/** The settings it reads, with what each means; the README lists the same. */
const settings = {
  PORT: 'the port to listen on (default 4182)',
  HOST: 'the address to listen on (default: every interface)',
  DATABASE_URL: "PostgreSQL's connection URL (default: a cluster the service starts itself in DISCOVERY_DATA)",
  DISCOVERY_ADMIN_TOKEN: "the administrator's token, at least 32 characters (required)",
  DISCOVERY_DATA: 'the folder of the cluster it starts when DATABASE_URL is not set (default: discovery/data)',
};

/** The shortest administrator's token taken: anything shorter can be guessed. */
const minAdminTokenLength = 32;

/**
 * @typedef {object} DiscoverySettings
 * @property {number} port
 * @property {string | undefined} host
 * @property {string | undefined} databaseUrl
 * @property {string} adminToken
 * @property {string} dataDir
 */

/**
 * @param {Record<string, string | undefined>} env
 * @returns {DiscoverySettings}
 */
export function discoverySettings(env) {
  const adminToken = env.DISCOVERY_ADMIN_TOKEN ?? '';
  if (adminToken.length < minAdminTokenLength)
    throw new Error(
      `Set DISCOVERY_ADMIN_TOKEN: ${settings.DISCOVERY_ADMIN_TOKEN}` +
        `${adminToken ? `; the one given has ${adminToken.length}` : ''}. For example: ` +
        `DISCOVERY_ADMIN_TOKEN=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")`,
    );
  const port = Number(env.PORT || 4182);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT: "${env.PORT}" is not a port.`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('DATABASE_URL: a postgresql:// connection URL.');
  return {
    port,
    host: env.HOST || undefined,
    databaseUrl,
    adminToken,
    dataDir: env.DISCOVERY_DATA || fileURLToPath(new URL('../data', import.meta.url)),
  };
}
