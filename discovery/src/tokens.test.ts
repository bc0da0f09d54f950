// The tokens over HTTP on a real PostgreSQL: a retried POST /tokens (the same Idempotency-Key) gets
// the token it made, not a second one.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, call, serviceWithEnvironments } from './test-support.ts';

let base: string;
let databaseUrl: string;
beforeAll(async () => {
  ({ base, databaseUrl } = await serviceWithEnvironments());
});

const create = (body: unknown, key?: string) =>
  call(base, '/tokens', {
    method: 'POST',
    headers: { ...admin, ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
const listed = async () =>
  ((await (await call(base, '/tokens', { headers: admin })).json()) as { tokens: { id: string }[] }).tokens;

async function inDatabase<T>(work: (db: pg.Client) => Promise<T>) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

describe('a POST /tokens sent again with its Idempotency-Key', () => {
  const scope = { team: 'legal', slices: ['legal'], environments: ['staging'] };

  it('is answered with the token the first one made (200, Idempotent-Replayed), which works', async () => {
    const before = (await listed()).length;
    const first = await create(scope, 'create-legal-0001');
    expect(first.status).toBe(201);
    const made = (await first.json()) as { id: string; token: string };
    for (const attempt of ['second', 'third']) {
      const again = await create(scope, 'create-legal-0001');
      expect([again.status, again.headers.get('idempotent-replayed')], attempt).toEqual([200, 'true']);
      expect(await again.json(), attempt).toEqual(made);
    }
    expect((await listed()).length).toBe(before + 1);
    const asLegal = await call(base, '/environments/staging/history?slice=legal', {
      headers: { authorization: `Bearer ${made.token}` },
    });
    expect(asLegal.status).toBe(200);
  });

  it('with the same expiry, if it names one; a token of its own without a key', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const first = (await (await create({ ...scope, expiresAt }, 'create-legal-0002')).json()) as { id: string };
    const again = await create({ ...scope, expiresAt }, 'create-legal-0002');
    expect([again.status, ((await again.json()) as { id: string }).id]).toEqual([200, first.id]);
    const [one, two] = [await create(scope), await create(scope)];
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(((await one.json()) as { id: string }).id).not.toBe(((await two.json()) as { id: string }).id);
  });

  it('is refused (422) for another token, and (400) for a key that is not one', async () => {
    await create(scope, 'create-legal-0003');
    const before = (await listed()).length;
    for (const other of [
      { ...scope, team: 'games' },
      { ...scope, slices: ['legal', 'games'] },
      { ...scope, environments: ['production'] },
      { ...scope, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    ]) {
      const answer = await create(other, 'create-legal-0003');
      expect([answer.status, await answer.text()], JSON.stringify(other)).toEqual([
        422,
        'This Idempotency-Key was used for another token.\n',
      ]);
    }
    const bad = await create(scope, 'short');
    expect([bad.status, await bad.text()]).toEqual([
      400,
      'An Idempotency-Key is 8 to 128 letters, digits, ".", ":", "_" or "-".\n',
    ]);
    expect((await listed()).length).toBe(before);
  });

  it('keeps the key as a hash and the token sealed with it, for a day only', async () => {
    const made = (await (await create(scope, 'create-legal-0004')).json()) as { id: string; token: string };
    const row = await inDatabase(
      async (db) => (await db.query('SELECT * FROM tokens WHERE id = $1', [made.id])).rows[0],
    );
    const stored = JSON.stringify(row) + Buffer.from(row.sealed_token).toString('latin1');
    expect(stored).not.toContain(made.token.slice(22));
    expect(stored).not.toContain('create-legal-0004');
    await inDatabase((db) =>
      db.query("UPDATE tokens SET created_at = now() - interval '25 hours' WHERE id = $1", [made.id]),
    );
    const late = await create(scope, 'create-legal-0004');
    expect([late.status, await late.text()]).toEqual([
      422,
      `This Idempotency-Key made token ${made.id} over a day ago; its secret is no longer kept: revoke it and make another.\n`,
    ]);
    await create(scope, 'create-legal-0005');
    const sealed = await inDatabase(
      async (db) => (await db.query('SELECT sealed_token FROM tokens WHERE id = $1', [made.id])).rows[0].sealed_token,
    );
    expect(sealed).toBeNull();
  });
});
