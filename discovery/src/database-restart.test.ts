// The service while its database restarts: 503 (not a crash, not a hang) while it is down, and
// back by itself once it is up. A cluster of this file's own: it is stopped under the service.
import { beforeAll, expect, it } from 'vitest';
import { temporaryPostgres } from './postgres.mjs';
import {
  admin,
  adminToken,
  afterTheseTests,
  call,
  changeSlice,
  entry,
  freshDatabase,
  readMap,
  stagingAndProduction,
  startInstance,
} from './test-support.ts';

let postgres: Awaited<ReturnType<typeof temporaryPostgres>>;
let base: string;
const logged: string[] = [];
beforeAll(async () => {
  postgres = await temporaryPostgres();
  afterTheseTests(() => postgres.stop());
  base = await startInstance(await freshDatabase(postgres.url), (line) => logged.push(line));
  await stagingAndProduction(base);
}, 60_000);

it('answers 503 while its database is down, and serves again once it is back', { timeout: 60_000 }, async () => {
  const before = await readMap(base, 'staging');
  await postgres.pause();

  const read = await call(base, '/environments/staging/remotes.json', { headers: { 'if-none-match': before.etag } });
  expect([read.status, read.headers.get('retry-after'), await read.text()]).toEqual([
    503,
    '1',
    'The database is unavailable; try again shortly.\n',
  ]);
  const put = await call(base, '/environments/staging/remotes.json', {
    method: 'PUT',
    headers: { ...admin, 'if-match': before.etag },
    body: JSON.stringify(before.map),
  });
  expect(put.status).toBe(503);
  expect((await call(base, '/readyz')).status).toBe(503);
  expect((await call(base, '/livez')).status).toBe(200);

  await postgres.resume();
  const after = await call(base, '/environments/staging/remotes.json', { headers: { 'if-none-match': before.etag } });
  expect([after.status, after.headers.get('etag')]).toEqual([304, before.etag]);
  expect((await call(base, '/readyz')).status).toBe(200);
  const written = await changeSlice(base, 'staging', adminToken, 'legal', () => [
    entry('legal', '1.0.0-after', { released: true }),
  ]);
  expect(written.status).toBe(200);
  expect(
    logged.filter((line) => line.includes('failed')),
    'no request failed as a 500',
  ).toEqual([]);
});
