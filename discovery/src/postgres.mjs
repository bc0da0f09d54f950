// @ts-check
// A PostgreSQL server of our own, for `pnpm serve:discovery` without DATABASE_URL and for the
// tests: Debian's server (installed when missing and this runs as root, as the edge installs
// nginx), one cluster in one data folder, listening on a Unix socket inside that folder only (no
// port to share or collide with), stopped by its process id. `initdb` and `postgres` refuse to
// run as root, so as root they run as Debian's `postgres` user, who owns the folder.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { systemProgram } from '@nova/tooling/system-tools';

/** The longest path a Unix socket may have (Linux's `sun_path`, less its final NUL). */
const socketPathLimit = 107;
const socketFile = '.s.PGSQL.5432';

/**
 * @typedef {object} PostgresServer
 * @property {string} url the database's connection URL (over the Unix socket in `dataDir`)
 * @property {string} dataDir the cluster's folder
 * @property {number} pid the server's process id
 * @property {() => Promise<void>} stop stops it (fast shutdown: open sessions end, data is kept)
 */

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
 * Resolves once the server says it accepts connections; fails with its last words if it exits first.
 * @param {import('node:child_process').ChildProcess} server
 * @param {(line: string) => void} log where the server's log goes once it is ready
 * @param {number} timeoutMs
 */
function readiness(server, log, timeoutMs) {
  /** @type {string[]} */
  const lines = [];
  let ready = false;
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`PostgreSQL was not ready within ${timeoutMs} ms.`)), timeoutMs);
    server.stderr?.setEncoding('utf8');
    server.stderr?.on('data', (/** @type {string} */ chunk) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        if (ready) log(line);
        else lines.push(line);
        if (!ready && line.includes('database system is ready to accept connections')) {
          ready = true;
          clearTimeout(timer);
          done(undefined);
        }
      }
    });
    server.on('exit', (code) => {
      clearTimeout(timer);
      if (!ready) fail(new Error(`PostgreSQL stopped as it started (exit ${code}):\n${lines.slice(-15).join('\n')}`));
    });
  });
}

/** The connection URL of `database` on the cluster whose socket is in `socketDir`. */
const socketUrl = (/** @type {string} */ socketDir, /** @type {string} */ database) =>
  `postgresql://postgres@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;

/**
 * The URL of `database` on the cluster whose socket is in `socketDir`, created if the cluster does
 * not have it yet.
 * @param {string} socketDir
 * @param {string} database
 */
export async function databaseOn(socketDir, database) {
  const client = new pg.Client({ host: socketDir, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
  return socketUrl(socketDir, database);
}

/**
 * Starts PostgreSQL on the cluster in `dataDir` (made first if the folder holds none), and makes
 * sure it has `database`.
 * @param {{ dataDir: string, database?: string, durable?: boolean, log?: (line: string) => void, timeoutMs?: number }} options
 *   durable: false trades crash safety for speed (no fsync), for a cluster the tests throw away
 * @returns {Promise<PostgresServer>}
 */
export async function startPostgres({
  dataDir: folder,
  database = 'discovery',
  durable = true,
  log = () => undefined,
  timeoutMs = 30_000,
}) {
  const dataDir = resolve(folder);
  if (join(dataDir, socketFile).length > socketPathLimit)
    throw new Error(`${dataDir} is too long a path for PostgreSQL's socket: pick a shorter data folder.`);
  const bin = serverBinaries();
  const user = serverUser();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (user.uid !== undefined) chownSync(dataDir, user.uid, user.gid);
  /** @param {string} program @param {string[]} args */
  const run = (program, args) =>
    spawn(join(bin, program), args, { ...user, cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const args = ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'];
    await completion(run('initdb', durable ? args : [...args, '--no-sync']), 'initdb');
  }
  // Only the socket, in a folder only its owner (and root) can enter: `trust` is safe there.
  const settings = ['listen_addresses=', `unix_socket_directories=${dataDir}`, 'unix_socket_permissions=0700'];
  if (!durable) settings.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off');
  const server = run('postgres', ['-D', dataDir, ...settings.flatMap((setting) => ['-c', setting])]);
  server.stdout?.resume();
  const exited = new Promise((done) => server.on('exit', done));
  try {
    await readiness(server, log, timeoutMs);
    await databaseOn(dataDir, database);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  const pid = /** @type {number} */ (server.pid);
  return {
    url: socketUrl(dataDir, database),
    dataDir,
    pid,
    async stop() {
      // SIGINT is PostgreSQL's fast shutdown: sessions are ended, the data is written.
      if (server.exitCode === null && server.signalCode === null) process.kill(pid, 'SIGINT');
      await exited;
    },
  };
}

/**
 * A cluster in a new temporary folder, for tests: fast (not crash-safe), removed when it stops.
 * `pause` stops it and `resume` starts it again on the same data (at the same URLs).
 */
export async function temporaryPostgres() {
  const dataDir = mkdtempSync(join(tmpdir(), 'nova-pg-'));
  const start = () => startPostgres({ dataDir, database: 'postgres', durable: false });
  let server = await start();
  return {
    url: server.url,
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
