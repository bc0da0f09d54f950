// @ts-check
// The service's connection to PostgreSQL: one pool per instance, the schema brought up to date at
// start (the SQL files in schema/, through postgrator, one instance at a time), and what counts as
// the database being unavailable (then the service answers 503 and the pool reconnects by itself).
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import Postgrator from 'postgrator';

/** @typedef {import('pg').Pool} Pool */
/** @typedef {import('pg').PoolClient} PoolClient */

const schemaFiles = fileURLToPath(new URL('../schema/*.sql', import.meta.url));
/** Any fixed number: the advisory lock instances take while one of them migrates. */
const migrationLock = 4182;

/**
 * A pool of connections to `databaseUrl`. A connection the server drops (a restart) is only
 * reported: the pool opens a new one for the next query.
 * @param {string} databaseUrl
 * @param {(line: string) => void} log
 */
export function databasePool(databaseUrl, log) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
    // A query that takes this long is stuck: answer 503 rather than hold the request.
    query_timeout: 10_000,
  });
  pool.on('error', (error) => log(`database: an idle connection ended (${error.message})`));
  return pool;
}

/**
 * Refuses a connection as a superuser: the service connects as a role of its own that owns its
 * database and nothing more (a superuser's SQL reads the server's files and its environment).
 * @param {PoolClient} client
 */
async function refuseSuperuser(client) {
  const { rows } = await client.query(
    'SELECT current_user AS role, rolsuper FROM pg_roles WHERE rolname = current_user',
  );
  if (rows[0]?.rolsuper)
    throw new Error(
      `The service connects as ${rows[0].role}, a superuser: give it a role of its own that owns its database and is no superuser.`,
    );
}

/**
 * Applies the schema's migrations the database lacks, as the service's own role (a superuser is
 * refused before anything runs). Several instances may start at once: the first to take the lock
 * migrates, the others then find nothing to do.
 * @param {Pool} pool
 */
export async function migrate(pool) {
  const client = await pool.connect();
  try {
    await refuseSuperuser(client);
    await client.query('SELECT pg_advisory_lock($1)', [migrationLock]);
    const postgrator = new Postgrator({
      migrationPattern: schemaFiles,
      driver: 'pg',
      schemaTable: 'schema_migrations',
      execQuery: (query) => client.query(query),
    });
    await postgrator.migrate();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLock]).catch(() => undefined);
    client.release();
  }
}

/**
 * Runs `work` in one transaction on one connection: committed if it returns, rolled back if it
 * throws.
 * @template T
 * @param {Pool} pool
 * @param {(client: PoolClient) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function inTransaction(pool, work) {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    // A connection that could not even roll back is not given to the next request.
    client.release(broken);
  }
}

/** SQLSTATE classes and codes that mean "no database right now", not "this request is wrong". */
const unavailableStates = /^(08|53|57P0[1-3])/;

/**
 * Whether an error means the database cannot be reached or is going away: a connection refused,
 * dropped or timed out, a server shutting down or starting. The request may succeed later.
 * @param {unknown} error
 */
export function isDatabaseUnavailable(error) {
  if (!(error instanceof Error)) return false;
  const code = /** @type {{ code?: unknown }} */ (error).code;
  if (typeof code === 'string') return /^E[A-Z]+$/.test(code) || unavailableStates.test(code);
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable/i.test(
    error.message,
  );
}

/** Whether an error is a unique constraint refusing a row (another writer inserted it first). */
export const isUniqueViolation = (/** @type {unknown} */ error) =>
  error instanceof Error && /** @type {{ code?: unknown }} */ (error).code === '23505';
