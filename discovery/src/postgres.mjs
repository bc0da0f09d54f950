// @ts-check
// A PostgreSQL server of our own, for `pnpm serve:discovery` without DATABASE_URL and for the
// tests: Debian's server (installed when missing and this runs as root, as the edge installs
// nginx), one cluster in one data folder, listening on a Unix socket inside that folder only (no
// port to share or collide with), stopped by its process id. `initdb` and `postgres` refuse to
// run as root, so as root they run as Debian's `postgres` user, who owns the folder. They are
// given only the environment they need (never the service's secrets), and the service connects as
// a role of its own that owns its database and is no superuser (a superuser's SQL reads the
// server's files and environment).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { readyProcess } from '@nova/tooling/serving-process';
import { systemProgram } from '@nova/tooling/system-tools';

/** The longest path a Unix socket may have (Linux's `sun_path`, less its final NUL). */
const socketPathLimit = 107;
const socketFile = '.s.PGSQL.5432';
/** The cluster's superuser (initdb's), who sets the cluster up. */
const superuser = 'postgres';
/** The role the service connects as: it owns the service's databases, and may do nothing else. */
export const serviceRole = 'discovery';
/** What PostgreSQL's programs read of the environment: where programs are, the locale, the time zone. */
const serverSettings = /^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TZ)$/;

/**
 * @typedef {object} PostgresCluster
 * @property {string} dataDir the cluster's folder
 * @property {number} pid the server's process id
 * @property {() => Promise<void>} stop stops it (fast shutdown: open sessions end, data is kept)
 */
/** @typedef {PostgresCluster & { url: string }} PostgresServer url: the database's, as the service's role (over the Unix socket in `dataDir`) */

/** The bin folder of the newest PostgreSQL server Debian installed. */
function serverBinaries() {
  const debianServers = systemProgram('postgresql');
  const [newest] = readdirSync(debianServers)
    .filter((major) => existsSync(join(debianServers, major, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a));
  if (!newest) throw new Error(`No PostgreSQL server in ${debianServers}: apt-get install -y postgresql`);
  return join(debianServers, newest, 'bin');
}

/** Who runs the server: this process's user, or Debian's `postgres` when this process is root. */
function serverUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (/** @type {string} */ flag) => {
    try {
      return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      throw new Error("PostgreSQL does not run as root, and there is no user 'postgres' to run it as.");
    }
  };
  return { uid: id('-u'), gid: id('-g') };
}

/** This process's environment as PostgreSQL's programs get it: only what they read (serverSettings). */
const serverEnvironment = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => serverSettings.test(name)));

/**
 * Runs a program to its end; its output is the error's message if it fails.
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} what
 */
function completion(child, what) {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(undefined) : fail(new Error(`${what} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/**
 * The server's log, read as it starts: whether it said it accepts connections, and its lines
 * until then (its last words, if it stops as it starts); once it did, its lines go to `log`.
 * @param {import('node:child_process').ChildProcess} server
 * @param {(line: string) => void} log
 */
function startupLog(server, log) {
  /** @type {string[]} */
  const lines = [];
  let ready = false;
  server.stderr?.setEncoding('utf8');
  server.stderr?.on('data', (/** @type {string} */ chunk) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      if (ready) log(line);
      else lines.push(line);
      ready ||= line.includes('database system is ready to accept connections');
    }
  });
  return { ready: () => ready, lastWords: () => lines.slice(-15).join('\n') };
}

/** The connection URL of `database` as `role` on the cluster whose socket is in `socketDir`. */
const socketUrl = (/** @type {string} */ socketDir, /** @type {string} */ database, role = serviceRole) =>
  `postgresql://${role}@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;

/**
 * Runs `work` on a connection of the cluster's superuser to `database`.
 * @template T
 * @param {string} socketDir
 * @param {string} database
 * @param {(client: pg.Client) => Promise<T>} work
 */
async function asSuperuser(socketDir, database, work) {
  const client = new pg.Client({ host: socketDir, user: superuser, database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The URL of `database`, as the service's role, on the cluster whose socket is in `socketDir`:
 * created, owned by that role, if the cluster does not have it yet. One made before the service
 * had a role of its own is handed to it, with its tables.
 * @param {string} socketDir
 * @param {string} database
 */
export async function databaseOn(socketDir, database) {
  const [name, role] = [pg.escapeIdentifier(database), pg.escapeIdentifier(serviceRole)];
  const { rows } = await asSuperuser(socketDir, 'postgres', (client) =>
    client.query('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1', [database]),
  );
  const owner = rows[0]?.owner;
  if (owner === undefined)
    await asSuperuser(socketDir, 'postgres', (client) => client.query(`CREATE DATABASE ${name} OWNER ${role}`));
  else if (owner !== serviceRole)
    await asSuperuser(socketDir, database, async (client) => {
      await client.query(`ALTER DATABASE ${name} OWNER TO ${role}`);
      const { rows: tables } = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      for (const { tablename } of tables)
        await client.query(`ALTER TABLE public.${pg.escapeIdentifier(tablename)} OWNER TO ${role}`);
    });
  return socketUrl(socketDir, database);
}

/**
 * Makes the service's role on a cluster if it has none: it may log in, and nothing else (no
 * superuser, no new databases or roles, no replication); what it owns is given to it.
 * @param {string} socketDir
 */
const ensureServiceRole = (socketDir) =>
  asSuperuser(socketDir, 'postgres', async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [serviceRole]);
    if (rowCount === 0)
      await client.query(
        `CREATE ROLE ${pg.escapeIdentifier(serviceRole)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
      );
  });

/**
 * Starts PostgreSQL on the cluster in `dataDir` (made first if the folder holds none), with the
 * service's role.
 * @param {{ dataDir: string, durable?: boolean, log?: (line: string) => void, timeoutMs?: number }} options
 *   durable: false trades crash safety for speed (no fsync), for a cluster the tests throw away
 * @returns {Promise<PostgresCluster>}
 */
async function startCluster({ dataDir: folder, durable = true, log = () => undefined, timeoutMs = 30_000 }) {
  const dataDir = resolve(folder);
  if (join(dataDir, socketFile).length > socketPathLimit)
    throw new Error(`${dataDir} is too long a path for PostgreSQL's socket: pick a shorter data folder.`);
  const bin = serverBinaries();
  const user = serverUser();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) chownSync(dataDir, user.uid, user.gid);
  const env = serverEnvironment();
  /** @param {string} program @param {string[]} args */
  const run = (program, args) =>
    spawn(join(bin, program), args, { ...user, env, cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const args = ['-D', dataDir, '-U', superuser, '--auth=trust', '--encoding=UTF8', '--locale=C'];
    await completion(run('initdb', durable ? args : [...args, '--no-sync']), 'initdb');
  }
  // Only the socket, in a folder only its owner (and root) can enter: `trust` is safe there.
  const settings = ['listen_addresses=', `unix_socket_directories=${dataDir}`, 'unix_socket_permissions=0700'];
  if (!durable) settings.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off');
  const server = run('postgres', ['-D', dataDir, ...settings.flatMap((setting) => ['-c', setting])]);
  server.stdout?.resume();
  const startup = startupLog(server, log);
  const { pid, stop } = await readyProcess(server, {
    ready: startup.ready,
    problem: () =>
      server.exitCode === null && server.signalCode === null
        ? `PostgreSQL was not ready within ${timeoutMs} ms.`
        : `PostgreSQL stopped as it started (exit ${server.exitCode ?? server.signalCode}):\n${startup.lastWords()}`,
    // PostgreSQL's fast shutdown: sessions are ended, the data is written.
    stopSignal: 'SIGINT',
    timeoutMs,
    intervalMs: 20,
  });
  try {
    await ensureServiceRole(dataDir);
  } catch (error) {
    await stop();
    throw error;
  }
  return { dataDir, pid, stop };
}

/**
 * Starts PostgreSQL on the cluster in `dataDir` (made first if the folder holds none), and makes
 * sure it has `database`, owned by the service's role.
 * @param {{ dataDir: string, database?: string, durable?: boolean, log?: (line: string) => void, timeoutMs?: number }} options
 *   durable: false trades crash safety for speed (no fsync), for a cluster the tests throw away
 * @returns {Promise<PostgresServer>}
 */
export async function startPostgres({ database = 'discovery', ...options }) {
  const cluster = await startCluster(options);
  try {
    return { ...cluster, url: await databaseOn(cluster.dataDir, database) };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/**
 * A cluster in a new temporary folder, for tests: fast (not crash-safe), removed when it stops.
 * `pause` stops it and `resume` starts it again on the same data (at the same URLs). Its `url` is
 * the cluster's superuser's, for tests that look at the cluster itself; the service connects to a
 * `database` of its own.
 */
export async function temporaryPostgres() {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-pg-'));
  const start = () => startCluster({ dataDir, durable: false });
  let server = await start();
  return {
    url: socketUrl(dataDir, 'postgres', superuser),
    /** A new database of this name on the cluster: its URL. */
    database: (/** @type {string} */ name) => databaseOn(dataDir, name),
    get pid() {
      return server.pid;
    },
    /** Stops the server and keeps its data; `resume` starts it again. */
    pause: () => server.stop(),
    async resume() {
      server = await start();
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
