// The PostgreSQL the tests (and `pnpm serve:discovery`) start: Debian's server, never as root,
// reachable only through a socket in a folder of its own, holding none of the service's secrets.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, inject, it, vi } from 'vitest';
import { startPostgres } from './postgres.mjs';

const url = inject('postgresUrl');
const dataDir = new URL(url).searchParams.get('host')!;

it('listens on a Unix socket only, in a folder only its user enters', async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const setting = async (name: string) => (await client.query(`SHOW ${name}`)).rows[0][name];
  expect([await setting('listen_addresses'), await setting('unix_socket_permissions')]).toEqual(['', '0700']);
  expect(await setting('unix_socket_directories')).toBe(dataDir);
  await client.end();
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
});

it('runs as the postgres user when started by root (else as its starter), in a folder that user owns', () => {
  const root = process.getuid?.() === 0;
  const expected = root ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })) : process.getuid?.();
  const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${inject('postgresPid')}/status`, 'utf8'))?.[1];
  expect(Number(uid)).toBe(expected);
  expect(statSync(dataDir).uid).toBe(expected);
});

it(
  "starts the server with the environment it needs only: the service's secrets stay out",
  { timeout: 60_000 },
  async () => {
    const secret = 'the administrator token, which PostgreSQL must never hold';
    vi.stubEnv('DISCOVERY_ADMIN_TOKEN', secret);
    vi.stubEnv('LC_TIME', 'C');
    const folder = mkdtempSync(join(tmpdir(), 'nova-pg-env-'));
    try {
      const server = await startPostgres({ dataDir: folder, durable: false });
      const environ = readFileSync(`/proc/${server.pid}/environ`, 'utf8');
      await server.stop();
      expect(environ).not.toContain(secret);
      const names = environ
        .split('\0')
        .filter(Boolean)
        .map((variable) => variable.slice(0, variable.indexOf('=')));
      expect(names).toContain('LC_TIME');
      expect(names.filter((name) => !/^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TZ)$/.test(name))).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
      rmSync(folder, { recursive: true, force: true });
    }
  },
);

it('says why, in its own words, when the server stops as it starts', { timeout: 30_000 }, async () => {
  // A second server on the test's running cluster: PostgreSQL refuses a data folder in use.
  await expect(startPostgres({ dataDir, durable: false })).rejects.toThrow(
    /^PostgreSQL stopped as it started \(exit 1\):\n[^]*lock file "postmaster\.pid" already exists/,
  );
});
