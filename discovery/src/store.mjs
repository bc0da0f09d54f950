// @ts-check
// Every query the service runs, one function each (the tables are in schema/*.sql).
import { etagOf } from '@nova/kit/etag';

/** @typedef {import('pg').Pool | import('pg').PoolClient} Queryable */
/** @typedef {import('./environments.mjs').Environment} Environment */
/** @typedef {import('./map-changes.mjs').SliceChange} SliceChange */
/** @typedef {import('./map-changes.mjs').Artifact} Artifact */
/** @typedef {import('./tokens.mjs').Identity} Identity */
/** @typedef {{ number: number, etag: string, map: string }} Revision */

/**
 * @param {Queryable} db
 * @param {string} name
 * @returns {Promise<Environment | undefined>}
 */
export async function environmentNamed(db, name) {
  const { rows } = await db.query('SELECT slice_origins, slice_paths, staged_in FROM environments WHERE name = $1', [
    name,
  ]);
  return (
    rows[0] && {
      name,
      sliceOrigins: rows[0].slice_origins,
      slicePaths: rows[0].slice_paths,
      stagedIn: rows[0].staged_in,
    }
  );
}

/**
 * An environment and the number and tag of its latest revision (none yet: `latest` undefined),
 * in one query and without the map: what a read needs to answer 304.
 * @param {Queryable} db
 * @param {string} name
 * @returns {Promise<{ environment: Environment, latest: { number: number, etag: string } | undefined } | undefined>}
 */
export async function environmentAndLatest(db, name) {
  const { rows } = await db.query(
    `SELECT e.slice_origins, e.slice_paths, e.staged_in, r.number, r.etag
     FROM environments e
     LEFT JOIN LATERAL (SELECT number, etag FROM revisions WHERE environment = e.name ORDER BY number DESC LIMIT 1) r
       ON true
     WHERE e.name = $1`,
    [name],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    environment: { name, sliceOrigins: row.slice_origins, slicePaths: row.slice_paths, stagedIn: row.staged_in },
    latest: row.number === null ? undefined : { number: row.number, etag: row.etag },
  };
}

/**
 * Creates an environment or changes its settings; true if it was created.
 * @param {Queryable} db
 * @param {Environment} environment
 */
export async function saveEnvironment(db, { name, sliceOrigins, slicePaths, stagedIn }) {
  const { rows } = await db.query(
    `INSERT INTO environments (name, slice_origins, slice_paths, staged_in) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET slice_origins = $2, slice_paths = $3, staged_in = $4, updated_at = now()
     RETURNING (xmax = 0) AS created`,
    [name, JSON.stringify(sliceOrigins), JSON.stringify(slicePaths), stagedIn],
  );
  return Boolean(rows[0].created);
}

/**
 * Takes the environment's write lock until the transaction ends: its writes are made one at a
 * time, whichever instance takes them, each seeing the revision the one before made.
 * @param {Queryable} db
 * @param {string} environment
 */
export async function lockEnvironment(db, environment) {
  await db.query('SELECT 1 FROM environments WHERE name = $1 FOR UPDATE', [environment]);
}

/**
 * The environment's latest revision, with its map.
 * @param {Queryable} db
 * @param {string} environment
 * @returns {Promise<Revision | undefined>}
 */
export async function latestRevision(db, environment) {
  const { rows } = await db.query(
    'SELECT number, etag, map FROM revisions WHERE environment = $1 ORDER BY number DESC LIMIT 1',
    [environment],
  );
  return rows[0];
}

/**
 * One revision of the environment's map.
 * @param {Queryable} db
 * @param {string} environment
 * @param {number} number
 * @returns {Promise<Revision | undefined>}
 */
export async function revisionNumbered(db, environment, number) {
  const { rows } = await db.query('SELECT number, etag, map FROM revisions WHERE environment = $1 AND number = $2', [
    environment,
    number,
  ]);
  return rows[0];
}

/**
 * The revision a client's change already made, if one carries its idempotency key.
 * @param {Queryable} db
 * @param {string} environment
 * @param {string} key
 * @returns {Promise<(Revision & { tokenId: string }) | undefined>}
 */
export async function revisionWithKey(db, environment, key) {
  const { rows } = await db.query(
    'SELECT number, etag, map, token_id AS "tokenId" FROM revisions WHERE environment = $1 AND idempotency_key = $2',
    [environment, key],
  );
  return rows[0];
}

/**
 * Adds a revision with what it changed per slice and the artifacts it gave traffic to. Fails with
 * a unique violation if revision `number` exists: another write was based on the same revision
 * and committed first.
 * @param {Queryable} db
 * @param {{ environment: string, number: number, map: string, identity: Identity, command: string,
 *   override: string | null, idempotencyKey: string | null, changes: SliceChange[] }} revision
 * @returns {Promise<string>} its entity tag
 */
export async function addRevision(
  db,
  { environment, number, map, identity, command, override, idempotencyKey, changes },
) {
  // Its number and a hash of its bytes: a tag never names two maps (not even across a database
  // that was started afresh), nor two revisions of the same map.
  const etag = etagOf(map, { revision: number });
  await db.query(
    `INSERT INTO revisions (environment, number, etag, map, team, token_id, command, override, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [environment, number, etag, map, identity.team, identity.id, command, override, idempotencyKey],
  );
  for (const change of changes) {
    await db.query(
      `INSERT INTO slice_changes (environment, revision, slice, summary, from_version, to_version,
         canary_version, canary_share, commit)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        environment,
        number,
        change.slice,
        change.summary,
        change.fromVersion ?? null,
        change.toVersion ?? null,
        change.canary?.version ?? null,
        change.canary?.share ?? null,
        change.commit ?? null,
      ],
    );
    for (const { version, url, integrity } of change.grants) {
      await db.query(
        `INSERT INTO traffic_grants (environment, revision, slice, version, url, integrity)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [environment, number, change.slice, version, url, integrity],
      );
    }
  }
  return etag;
}

/**
 * Whether this artifact of the slice ever had traffic in any of these environments.
 * @param {Queryable} db
 * @param {string[]} environments
 * @param {string} slice
 * @param {Artifact} artifact
 */
export async function hadTraffic(db, environments, slice, { version, url, integrity }) {
  const { rowCount } = await db.query(
    `SELECT 1 FROM traffic_grants
     WHERE environment = ANY($1) AND slice = $2 AND version = $3 AND url = $4 AND integrity = $5 LIMIT 1`,
    [environments, slice, version, url, integrity],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The revisions that changed a slice in an environment, newest first.
 * @param {Queryable} db
 * @param {string} environment
 * @param {string} slice
 * @param {number} limit
 */
export async function sliceHistory(db, environment, slice, limit) {
  const { rows } = await db.query(
    `SELECT r.number AS revision, r.created_at AS at, r.team, r.token_id AS "tokenId", r.command, r.override,
       c.summary, c.from_version AS "fromVersion", c.to_version AS "toVersion",
       c.canary_version AS "canaryVersion", c.canary_share AS "canaryShare", c.commit
     FROM slice_changes c JOIN revisions r ON r.environment = c.environment AND r.number = c.revision
     WHERE c.environment = $1 AND c.slice = $2 ORDER BY r.number DESC LIMIT $3`,
    [environment, slice, limit],
  );
  return rows;
}

/**
 * Stores a new token's hash and scope, and for a request with an Idempotency-Key, that key's hash
 * and the token sealed with it. Fails with a unique violation if another request with the same
 * key stored its token first.
 * @param {Queryable} db
 * @param {{ id: string, secretHash: Buffer, team: string, slices: string[], environments: string[], expiresAt: Date,
 *   idempotencyKeyHash: Buffer | null, sealedToken: Buffer | null }} token
 */
export async function addToken(
  db,
  { id, secretHash, team, slices, environments, expiresAt, idempotencyKeyHash, sealedToken },
) {
  await db.query(
    `INSERT INTO tokens (id, secret_hash, team, slices, environments, expires_at, idempotency_key_hash, sealed_token)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, secretHash, team, slices, environments, expiresAt, idempotencyKeyHash, sealedToken],
  );
}

/** How long a sealed token is kept for a retry of the request that made it. */
const sealedFor = "interval '1 day'";

/**
 * The token a request with this Idempotency-Key (its hash) made, if one did; `sealedToken` is
 * null once it is older than a day.
 * @param {Queryable} db
 * @param {Buffer} idempotencyKeyHash
 * @returns {Promise<{ id: string, team: string, slices: string[], environments: string[], expiresAt: Date,
 *   sealedToken: Buffer | null } | undefined>}
 */
export async function tokenWithKey(db, idempotencyKeyHash) {
  const { rows } = await db.query(
    `SELECT id, team, slices, environments, expires_at AS "expiresAt",
       CASE WHEN created_at > now() - ${sealedFor} THEN sealed_token END AS "sealedToken"
     FROM tokens WHERE idempotency_key_hash = $1`,
    [idempotencyKeyHash],
  );
  return rows[0];
}

/**
 * Erases the sealed tokens older than a day: no retry comes that late.
 * @param {Queryable} db
 */
export async function forgetSealedTokens(db) {
  await db.query(
    `UPDATE tokens SET sealed_token = NULL WHERE sealed_token IS NOT NULL AND created_at <= now() - ${sealedFor}`,
  );
}

/**
 * Revokes a token (kept, so history still names it); false if there is no such token.
 * @param {Queryable} db
 * @param {string} id
 */
export async function revokeToken(db, id) {
  const { rowCount } = await db.query('UPDATE tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

/**
 * Every token's id, team, scope and state, newest first (never a secret).
 * @param {Queryable} db
 */
export async function listTokens(db) {
  const { rows } = await db.query(
    `SELECT id, team, slices, environments, created_at AS "createdAt", expires_at AS "expiresAt",
       revoked_at AS "revokedAt"
     FROM tokens ORDER BY created_at DESC`,
  );
  return rows;
}
