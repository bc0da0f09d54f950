// The PostgreSQL the tests (and `pnpm serve:discovery`) start: Debian's server, never as root,
// reachable only through a socket in a folder of its own.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { expect, inject, it } from 'vitest';

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
