// @ts-check
// The discovery service's settings, from the environment, checked in one place.
import { fileURLToPath } from 'node:url';
import { portNumber } from '@nova/kit/settings';

/** The settings it reads, with what each means; docs/discovery.md lists the same. */
const settings = {
  PORT: 'the port to listen on (default 4182)',
  HOST: 'the address to listen on (default: every interface)',
  DATABASE_URL: "PostgreSQL's connection URL (default: a cluster the service starts itself in DISCOVERY_DATA)",
  DISCOVERY_ADMIN_TOKEN: "the administrator's token, random, at least 32 characters (required)",
  DISCOVERY_DATA: 'the folder of the cluster it starts when DATABASE_URL is not set (default: discovery/data)',
};

/** The shortest administrator's token taken: anything shorter can be guessed. */
const minAdminTokenLength = 32;
/** The least randomness an administrator's token must show (see estimatedBits). */
const minAdminTokenBits = 128;
const makeOne =
  "Make one: DISCOVERY_ADMIN_TOKEN=$(node -e \"console.log(require('crypto').randomBytes(32).toString('base64url'))\")";

/**
 * About how many bits of randomness a text shows: each character adds log2(how many different
 * characters the text has), unless it repeats a stretch of three seen before (`passwordpassword`)
 * or continues a run (`aaa`, `abc`, `0123`). A rough estimate that tells a placeholder from a
 * random token, not a proof of randomness: 32 random bytes in base64url score about 190 to 250.
 * @param {string} text
 */
function estimatedBits(text) {
  const characters = [...text];
  const codes = characters.map((character) => /** @type {number} */ (character.codePointAt(0)));
  const seen = new Set();
  let fresh = 0;
  for (const [at, code] of codes.entries()) {
    const stretch = characters.slice(Math.max(0, at - 2), at + 1).join('');
    const [before, last] = [codes[at - 2], codes[at - 1]];
    const run = before !== undefined && last !== undefined && code - last === last - before;
    if (!seen.has(stretch) && !run) fresh += 1;
    seen.add(stretch);
  }
  return fresh * Math.log2(Math.max(1, new Set(characters).size));
}

/**
 * Why the administrator's token will not do, if it will not.
 * @param {string} token
 */
function adminTokenProblem(token) {
  if (token.length < minAdminTokenLength)
    return `Set DISCOVERY_ADMIN_TOKEN: ${settings.DISCOVERY_ADMIN_TOKEN}${token ? `; the one given has ${token.length}` : ''}.`;
  const bits = Math.floor(estimatedBits(token));
  if (bits < minAdminTokenBits)
    return (
      `DISCOVERY_ADMIN_TOKEN does not look random: about ${bits} bits by a rough estimate, at least ` +
      `${minAdminTokenBits} wanted (repeated words, runs and few different characters count for little).`
    );
  return undefined;
}

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
  const problem = adminTokenProblem(adminToken);
  if (problem) throw new Error(`${problem} ${makeOne}`);
  const port = portNumber('PORT', env.PORT) ?? 4182;
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
