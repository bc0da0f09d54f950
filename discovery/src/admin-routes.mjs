// @ts-check
// What only the administrator does: set up an environment (which slices it has, where each may be
// served from and which paths each serves, which environment it is staged in) and issue, list and
// revoke the teams' tokens.
import { isRecord } from '@nova/contracts/remote-map';
import { isUniqueViolation } from './database.mjs';
import { pathsOf, settingsProblems } from './environments.mjs';
import { Refusal, answerJson, bodyJson, idempotencyKey, refuseIf, replayed } from './http.mjs';
import {
  addToken,
  environmentNamed,
  forgetSealedTokens,
  listTokens,
  revokeToken,
  saveEnvironment,
  tokenWithKey,
} from './store.mjs';
import { keyDigest, namePattern, newToken, sealToken, unsealToken } from './tokens.mjs';
import { environmentRefusal } from './write-rules.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('pg').Pool} Pool */
/** @typedef {import('./tokens.mjs').Identity} Identity */

const dayMs = 24 * 60 * 60 * 1000;
/** A token lives 90 days unless it says otherwise, and a year at most: a leaked one ends by itself. */
const defaultTokenDays = 90;
const maxTokenDays = 366;
const settingsLimitBytes = 64 * 1024;

/**
 * A list of plain names (slices, environments), or a refusal naming the field.
 * @param {unknown} value
 * @param {string} field
 */
function names(value, field) {
  if (!Array.isArray(value) || value.length === 0 || !value.every((name) => namePattern.test(name)))
    throw new Refusal(400, `${field} is a list of names (${namePattern.source}), at least one.`);
  return /** @type {string[]} */ ([...new Set(value)]);
}

/**
 * Each slice's origins, as an environment's settings give them: `{ "legal": ["https://…"] }`.
 * @param {unknown} value
 * @returns {Record<string, string[]>}
 */
function sliceOrigins(value) {
  if (!isRecord(value) || Object.keys(value).length === 0)
    throw new Refusal(400, 'sliceOrigins maps each slice to its origins: { "legal": ["https://legal.example"] }.');
  for (const [slice, origins] of Object.entries(value)) {
    if (!namePattern.test(slice)) throw new Refusal(400, `"${slice.slice(0, 40)}" is not a slice name.`);
    const isOrigin = (/** @type {unknown} */ origin) =>
      typeof origin === 'string' &&
      URL.canParse(origin) &&
      /^https?:$/.test(new URL(origin).protocol) &&
      new URL(origin).origin === origin;
    if (!Array.isArray(origins) || origins.length === 0 || !origins.every(isOrigin))
      throw new Refusal(400, `${slice}'s origins are a list of http(s) origins (scheme, host and port, no path).`);
  }
  return /** @type {Record<string, string[]>} */ (value);
}

/**
 * Each slice's paths, as an environment's settings give them: `{ "games": ["/games/*"] }` (none
 * given: `{}`, the slice list's for the workspace's slices). Whether they hold is settingsProblems'.
 * @param {unknown} value
 * @returns {Record<string, string[]>}
 */
function slicePaths(value) {
  if (value === undefined) return {};
  if (!isRecord(value) || !Object.values(value).every((paths) => Array.isArray(paths)))
    throw new Refusal(400, 'slicePaths maps each slice to its paths: { "games": ["/games/*"] }.');
  return /** @type {Record<string, string[]>} */ (value);
}

/**
 * An environment's settings as the administrator reads them: each slice's paths with the
 * defaults (see pathsOf).
 * @param {import('./environments.mjs').Environment} environment
 */
const settingsOf = (environment) => ({
  ...environment,
  slicePaths: Object.fromEntries(Object.entries(pathsOf(environment)).filter(([, paths]) => paths !== undefined)),
});

/**
 * What a POST tokens asks for, or a refusal saying what is wrong with it.
 * @param {unknown} body
 * @param {Date} now
 */
function tokenRequest(body, now) {
  if (!isRecord(body)) throw new Refusal(400, 'The body is the token: { "team", "slices", "environments" }.');
  if (typeof body.team !== 'string' || !namePattern.test(body.team))
    throw new Refusal(400, `team is a name (${namePattern.source}).`);
  const slices = names(body.slices, 'slices');
  const environments = names(body.environments, 'environments');
  const start = now.getTime();
  const expiresAt =
    body.expiresAt === undefined ? new Date(start + defaultTokenDays * dayMs) : new Date(String(body.expiresAt));
  if (
    Number.isNaN(expiresAt.getTime()) ||
    expiresAt.getTime() <= start ||
    expiresAt.getTime() > start + maxTokenDays * dayMs
  )
    throw new Refusal(400, `expiresAt is a time in the coming ${maxTokenDays} days.`);
  return { team: body.team, slices, environments, expiresAt, expiryGiven: body.expiresAt !== undefined };
}

/**
 * The token a request with this Idempotency-Key made already, as it was answered (the secret
 * unsealed with the key), if one did; 422 if the key made a token of another scope, or too long ago.
 * @param {Pool} pool
 * @param {string} key
 * @param {ReturnType<typeof tokenRequest>} asked
 */
async function tokenMadeWith(pool, key, asked) {
  const made = await tokenWithKey(pool, keyDigest(key));
  if (!made) return undefined;
  const { team, slices, environments, expiresAt } = made;
  const same =
    JSON.stringify([team, slices, environments]) === JSON.stringify([asked.team, asked.slices, asked.environments]) &&
    (!asked.expiryGiven || expiresAt.getTime() === asked.expiresAt.getTime());
  if (!same) throw new Refusal(422, 'This Idempotency-Key was used for another token.');
  if (!made.sealedToken)
    throw new Refusal(
      422,
      `This Idempotency-Key made token ${made.id} over a day ago; its secret is no longer kept: revoke it and make another.`,
    );
  const token = unsealToken(made.sealedToken, made.id, key);
  return { id: made.id, token, team, slices, environments, expiresAt };
}

/**
 * @param {{ pool: Pool, identify: (request: IncomingMessage) => Promise<Identity>, now?: () => Date }} options
 */
export function adminRoutes({ pool, identify, now = () => new Date() }) {
  const asAdministrator = async (/** @type {IncomingMessage} */ request) => {
    const identity = await identify(request);
    if (!identity.admin) throw new Refusal(403, `Only the administrator does this, not ${identity.team}.`);
  };

  return {
    /** GET environments/<env>: its settings (a token of that environment). */
    async environment(
      /** @type {IncomingMessage} */ request,
      /** @type {ServerResponse} */ response,
      /** @type {string} */ name,
    ) {
      refuseIf(403, environmentRefusal(await identify(request), name, 'read'));
      const environment = await environmentNamed(pool, name);
      if (!environment) throw new Refusal(404, `There is no environment named ${name}.`);
      answerJson(response, 200, settingsOf(environment));
    },

    /**
     * PUT environments/<env> { sliceOrigins, slicePaths?, stagedIn? }: creates it or changes its
     * settings, if they hold as its map would carry them (each slice's origins and paths, none
     * overlapping another's: 400 naming what does not).
     */
    async saveEnvironment(
      /** @type {IncomingMessage} */ request,
      /** @type {ServerResponse} */ response,
      /** @type {string} */ name,
    ) {
      await asAdministrator(request);
      const body = await bodyJson(request, settingsLimitBytes);
      if (!isRecord(body))
        throw new Refusal(400, 'The body is the settings: { "sliceOrigins": {…}, "slicePaths": {…}, "stagedIn": … }.');
      const stagedIn = body.stagedIn ?? null;
      if (stagedIn !== null) {
        if (typeof stagedIn !== 'string' || stagedIn === name || !(await environmentNamed(pool, stagedIn)))
          throw new Refusal(400, `stagedIn names another environment of this service, or null.`);
      }
      const environment = {
        name,
        sliceOrigins: sliceOrigins(body.sliceOrigins),
        slicePaths: slicePaths(body.slicePaths),
        stagedIn,
      };
      const problems = settingsProblems(environment);
      if (problems.length > 0)
        throw new Refusal(400, `The environment would not hold: ${problems.slice(0, 10).join(' ')}`);
      const created = await saveEnvironment(pool, environment);
      answerJson(response, created ? 201 : 200, settingsOf(environment));
    },

    /**
     * POST tokens { team, slices, environments, expiresAt? }: a new token, shown this once; with an
     * Idempotency-Key, the same request again is answered with the token it made (200).
     */
    async createToken(/** @type {IncomingMessage} */ request, /** @type {ServerResponse} */ response) {
      await asAdministrator(request);
      const key = idempotencyKey(request);
      const asked = tokenRequest(await bodyJson(request, settingsLimitBytes), now());
      for (const environment of asked.environments)
        if (!(await environmentNamed(pool, environment)))
          throw new Refusal(400, `There is no environment named ${environment}.`);
      const again = key && (await tokenMadeWith(pool, key, asked));
      if (again) return answerJson(response, 200, again, replayed);
      const { id, token, secretHash } = newToken();
      const { team, slices, environments, expiresAt } = asked;
      try {
        await addToken(pool, {
          id,
          secretHash,
          team,
          slices,
          environments,
          expiresAt,
          idempotencyKeyHash: key ? keyDigest(key) : null,
          sealedToken: key ? sealToken(token, id, key) : null,
        });
      } catch (error) {
        // The same request at the same time through another instance, which made the token first.
        const raced = key && isUniqueViolation(error) && (await tokenMadeWith(pool, key, asked));
        if (raced) return answerJson(response, 200, raced, replayed);
        throw error;
      }
      if (key) await forgetSealedTokens(pool);
      answerJson(response, 201, { id, token, team, slices, environments, expiresAt });
    },

    /** GET tokens: every token but its secret. */
    async tokens(/** @type {IncomingMessage} */ request, /** @type {ServerResponse} */ response) {
      await asAdministrator(request);
      answerJson(response, 200, { tokens: await listTokens(pool) });
    },

    /** DELETE tokens/<id>: revokes it (it stays listed, and named in history). */
    async revokeToken(
      /** @type {IncomingMessage} */ request,
      /** @type {ServerResponse} */ response,
      /** @type {string} */ id,
    ) {
      await asAdministrator(request);
      if (!(await revokeToken(pool, id))) throw new Refusal(404, `There is no token ${id}.`);
      answerJson(response, 200, { id, revoked: true });
    },
  };
}
