// The role the service connects as: its own, no superuser, owning its database and what the schema
// makes in it, and refused anything a superuser may do (reading the server's files, running programs).
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { migrate } from './database.mjs';
import { databaseOn, serviceRole } from './postgres.mjs';
import { afterTheseTests, freshDatabase } from './test-support.ts';

/** A connection to `url`, ended after the file's tests. */
async function connected(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  afterTheseTests(() => client.end());
  return client;
}

/** The same database as the cluster's superuser. */
const asSuperuser = (url: string) => Object.assign(new URL(url), { username: 'postgres' }).href;

it('is a role of its own that may log in and do nothing else', async () => {
  const url = await freshDatabase();
  expect(new URL(url).username).toBe(serviceRole);
  const client = await connected(url);
  const { rows } = await client.query(
    'SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls FROM pg_roles WHERE rolname = current_user',
  );
  expect(rows).toEqual([
    { rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false, rolbypassrls: false },
  ]);
  for (const sql of [
    "SELECT pg_read_binary_file('/proc/self/environ')",
    "SELECT pg_read_file('PG_VERSION')",
    "COPY (SELECT 1) TO PROGRAM 'true'",
    'SET ROLE postgres',
  ])
    await expect(client.query(sql), sql).rejects.toMatchObject({ code: '42501' });
});

it('owns its database and every table the schema makes in it', async () => {
  const url = await freshDatabase();
  const pool = new pg.Pool({ connectionString: url });
  afterTheseTests(() => pool.end());
  await migrate(pool);
  const client = await connected(url);
  const owner = await client.query(
    'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()',
  );
  expect(owner.rows).toEqual([{ owner: serviceRole }]);
  const tables = await client.query("SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'");
  expect(tables.rows).toEqual([{ tableowner: serviceRole }]);
});

it('is given a database made before it existed, with its tables', async () => {
  const name = `test_older_${Date.now()}`;
  // As the service made its database before: the cluster's superuser's, and so were its tables.
  const cluster = await connected(inject('postgresUrl'));
  await cluster.query(`CREATE DATABASE ${name}`);
  const socketDir = new URL(inject('postgresUrl')).searchParams.get('host')!;
  const older = await connected(Object.assign(new URL(inject('postgresUrl')), { pathname: `/${name}` }).href);
  await older.query('CREATE TABLE environments (name text PRIMARY KEY)');

  const client = await connected(await databaseOn(socketDir, name));
  await client.query("INSERT INTO environments VALUES ('staging')");
  const tables = await client.query("SELECT tableowner FROM pg_tables WHERE schemaname = 'public'");
  expect(tables.rows).toEqual([{ tableowner: serviceRole }]);
});

it('is the only kind the service starts on: a superuser is refused before the schema is touched', async () => {
  const url = asSuperuser(await freshDatabase());
  const pool = new pg.Pool({ connectionString: url });
  afterTheseTests(() => pool.end());
  await expect(migrate(pool)).rejects.toThrow('The service connects as postgres, a superuser');
  const client = await connected(url);
  expect((await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([]);
});
