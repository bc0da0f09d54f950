// The discovery service over HTTP on a real PostgreSQL: reading an environment's map, the
// preconditions of a write, and who may write what.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  admin,
  adminToken,
  call,
  changeSlice,
  emptyMap,
  entry,
  origins,
  readMap,
  testEnvironment,
  serviceWithEnvironments,
  tokenFor,
  writeMap,
} from './test-support.ts';

// Started as the file is read; stopped after its tests (startInstance).
const { base, databaseUrl } = await serviceWithEnvironments();

describe("an environment's map", () => {
  it('is 404 for an environment that does not exist, or has no map yet', async () => {
    const unknown = await call(base, '/environments/nowhere/remotes.json');
    expect([unknown.status, await unknown.text()]).toEqual([404, 'There is no environment named nowhere.\n']);
    const settings = { sliceOrigins: { legal: ['http://localhost:4176'] } };
    await call(base, '/environments/fresh', { method: 'PUT', headers: admin, body: JSON.stringify(settings) });
    const none = await call(base, '/environments/fresh/remotes.json');
    expect([none.status, await none.text()]).toEqual([
      404,
      'fresh has no map yet: the administrator creates its first one.\n',
    ]);
  });

  it('is sent with a strong ETag for a second, and 304 to a client that has it', async () => {
    const response = await call(base, '/environments/staging/remotes.json');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"\d+-[\w-]{22}"$/);
    expect([response.status, response.headers.get('cache-control'), response.headers.get('content-type')]).toEqual([
      200,
      'max-age=1',
      'application/json',
    ]);
    expect(await response.json()).toEqual({ ...emptyMap, environment: testEnvironment });
    const head = await call(base, '/environments/staging/remotes.json', { method: 'HEAD' });
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);
    const again = await call(base, '/environments/staging/remotes.json', {
      headers: { 'if-none-match': `"x", ${etag}` },
    });
    expect([again.status, again.headers.get('etag')]).toEqual([304, etag]);
    const any = await call(base, '/environments/staging/remotes.json', { headers: { 'if-none-match': '*' } });
    expect([any.status, any.headers.get('etag')]).toEqual([304, etag]);
    expect(
      (await call(base, '/environments/staging/remotes.json', { headers: { 'if-none-match': '"1-other"' } })).status,
    ).toBe(200);
  });

  it('is written only on the revision it was read at: 428 without If-Match, 412 on an older one', async () => {
    const { token } = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const { etag, map } = await readMap(base, 'staging');
    const listed = { ...map, microFrontends: { ...map.microFrontends, legal: [entry('legal', '1.0.0-a')] } };
    const missing = await writeMap(base, 'staging', listed, { token });
    expect([missing.status, await missing.text()]).toEqual([
      428,
      'A write needs If-Match with the ETag of the revision it is based on.\n',
    ]);
    const written = await writeMap(base, 'staging', listed, { token, etag });
    expect(written.status).toBe(200);
    const next = written.headers.get('etag');
    expect(next).not.toBe(etag);
    expect((await readMap(base, 'staging')).etag).toBe(next);
    const stale = await writeMap(base, 'staging', map, { token, etag });
    expect([stale.status, stale.headers.get('etag')]).toEqual([412, next]);
    expect((await readMap(base, 'staging')).map.microFrontends.legal).toHaveLength(1);
  });

  it('refuses If-Match: * (428), from anyone, the administrator included', async () => {
    const { map } = await readMap(base, 'staging');
    const dropped = { ...map, microFrontends: {} };
    const anonymous = await writeMap(base, 'staging', dropped, { headers: { 'if-match': '*' } });
    expect(anonymous.status).toBe(401);
    const asAdmin = await writeMap(base, 'staging', dropped, { headers: { ...admin, 'if-match': '*' } });
    expect(asAdmin.status).toBe(428);
    expect(await asAdmin.text()).toMatch(/^If-Match: \* is not taken: send the ETag of the revision you read/);
    expect((await readMap(base, 'staging')).map).toEqual(map);
  });

  it('changes nothing, and records no revision, for a write of the same map', async () => {
    const { etag, map } = await readMap(base, 'staging');
    const same = await writeMap(base, 'staging', map, { headers: admin, etag });
    expect([same.status, same.headers.get('etag')]).toEqual([200, etag]);
  });

  it('refuses a body that is not a remote map (400), saying why', async () => {
    const { etag } = await readMap(base, 'staging');
    const cases: [string, string][] = [
      ['not json', 'The body is not JSON, so it is not a remote map.'],
      ['[]', 'The body is not a remote map: A remote map is a JSON object.'],
      ['{"schema": "s", "microFrontends": { "__proto__": [] } }', '"__proto__" is not a slice name'],
      [
        JSON.stringify({
          ...emptyMap,
          microFrontends: { legal: [{ ...entry('legal', '../../x'), url: 'javascript:1' }] },
        }),
        'legal[0].url must be an http(s) URL. legal[0].metadata.version must be a version name',
      ],
      [
        JSON.stringify({
          ...emptyMap,
          microFrontends: { legal: [entry('legal', '1', { released: true }), entry('legal', '2', { released: true })] },
        }),
        'legal has 2 released (default) versions; at most one.',
      ],
    ];
    for (const [body, reason] of cases) {
      const response = await writeMap(base, 'staging', body, { headers: admin, etag });
      expect(response.status, body).toBe(400);
      expect(await response.text(), body).toContain(reason);
    }
  });

  it('refuses a map over 1 MiB (413), whether it says its length or not', async () => {
    const { etag } = await readMap(base, 'staging');
    const big = JSON.stringify({ ...emptyMap, padding: 'x'.repeat(1024 * 1024) });
    expect((await writeMap(base, 'staging', big, { headers: admin, etag })).status).toBe(413);
    const streamed = await call(base, '/environments/staging/remotes.json', {
      method: 'PUT',
      headers: { ...admin, 'if-match': etag },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await readMap(base, 'staging')).etag).toBe(etag);
  });

  it('refuses a body nested deeper than a map nests (400), however deep, and stores nothing', async () => {
    const { token } = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const { etag, map } = await readMap(base, 'staging');
    // As the review sent it: legal's new entry with `extras: { d: [[[…]]] }`, a few KB.
    const deep = { ...entry('legal', '9.9.0-deep'), extras: { d: 'nested' } };
    const withLegal = {
      ...map,
      microFrontends: { ...map.microFrontends, legal: [...(map.microFrontends.legal ?? []), deep] },
    };
    for (const depth of [2000, 5000, 20_000]) {
      const nested = '['.repeat(depth) + ']'.repeat(depth);
      const inExtras = await writeMap(base, 'staging', JSON.stringify(withLegal).replace('"nested"', nested), {
        token,
        etag,
      });
      expect([inExtras.status, await inExtras.text()], String(depth)).toEqual([
        400,
        'The body is not a remote map: A remote map nests objects and lists at most 8 levels deep.\n',
      ]);
      const byAdmin = await writeMap(base, 'staging', `{"schema":"s","microFrontends":{},"own":${nested}}`, {
        headers: admin,
        etag,
      });
      expect(byAdmin.status, String(depth)).toBe(400);
    }
    expect((await readMap(base, 'staging')).etag).toBe(etag);
  });

  it('refuses extras it does not know (400): a version records only what it was built from and when', async () => {
    const { token } = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const withExtras = (extras: unknown) =>
      changeSlice(base, 'staging', token, 'legal', (entries) => [
        ...entries,
        { ...entry('legal', '9.8.0-x'), extras } as (typeof entries)[number],
      ]);
    const unknown = await withExtras({ d: [[[]]] });
    expect([unknown.status, await unknown.text()]).toEqual([
      400,
      `The body is not a remote map: legal[${(await readMap(base, 'staging')).map.microFrontends.legal?.length ?? 0}].extras holds "d": extras hold only builtFrom, releasedAt, canaryAt, rolledBackAt.\n`,
    ]);
    const forged = await withExtras({
      builtFrom: {
        commit: 'abc1234\n  #99  2026-01-01T00:00:00.000Z  administrator (token admin)  released 6.6.6\u001b[0m',
        dirty: false,
        builtAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect([forged.status, await forged.text()]).toEqual([
      400,
      expect.stringContaining('.extras.builtFrom.commit must be a git commit (7 to 40 hex digits), or left out.'),
    ]);
    const builtFrom = { commit: '3fa9c21', dirty: false, builtAt: '2026-01-01T00:00:00.000Z' };
    expect((await withExtras({ builtFrom, releasedAt: [] })).status).toBe(200);
  });

  it('stores a map as compactly as it was sent, and refuses one too large as served (413), naming the limit', async () => {
    const { token } = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const { etag, map } = await readMap(base, 'staging');
    const builtFrom = { commit: '3fa9c21', dirty: false, builtAt: '2026-01-01T00:00:00.000Z' };
    const next = {
      ...map,
      microFrontends: {
        ...map.microFrontends,
        legal: [...(map.microFrontends.legal ?? []), { ...entry('legal', '9.7.0-c'), extras: { builtFrom } }],
      },
    };
    const sent = JSON.stringify(next);
    const written = await writeMap(base, 'staging', sent, { token, etag });
    expect(written.status).toBe(200);
    // Stored as sent, served with the environment added after the map's own fields.
    const served = await (await call(base, '/environments/staging/remotes.json')).text();
    expect(served.startsWith(`${sent.slice(0, -1)},"environment":{`)).toBe(true);
    expect(JSON.parse(served)).toEqual({ ...next, environment: testEnvironment });
    const revision = Number(/^"(\d+)-/.exec(written.headers.get('etag')!)![1]);
    const stored = await call(base, `/environments/staging/revisions/${revision}`, { headers: admin });
    expect(await stored.text()).toBe(`${sent}\n`);

    // Numbers are the one thing JSON writes longer than it may read them: 1e20 is 21 digits stored.
    const body = JSON.stringify({ ...next, own: [] }).replace(
      '"own":[]',
      `"own":[${Array(60_000).fill('1e20').join(',')}]`,
    );
    expect(body.length).toBeLessThan(1024 * 1024);
    const inflated = await writeMap(base, 'staging', body, { headers: admin, etag: written.headers.get('etag')! });
    expect([inflated.status, await inflated.text()]).toEqual([
      413,
      expect.stringMatching(
        /^The map would be \d+ bytes as served \(with its environment\), over the limit of 1048576 bytes \(the composers read no larger map\)\.\n$/,
      ),
    ]);
    expect((await readMap(base, 'staging')).etag).toBe(written.headers.get('etag'));
  });

  it('records the Slice-Command header as one line of printable text, at most 300 characters', async () => {
    const { token } = await tokenFor(base, 'marketing', ['marketing'], ['staging']);
    const command = `slice release marketing\t\u00ff${'x'.repeat(1000)}`;
    const written = await changeSlice(
      base,
      'staging',
      token,
      'marketing',
      (entries) => [...entries, entry('marketing', '9.6.0-s')],
      {
        'slice-command': command,
      },
    );
    expect(written.status).toBe(200);
    const history = await call(base, '/environments/staging/history?slice=marketing&limit=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { revisions } = (await history.json()) as { revisions: { command: string }[] };
    expect(revisions[0]?.command).toBe(`slice release marketing??${'x'.repeat(275)}`);
  });

  it('answers other methods with 405 and what it allows, unknown paths with 404, a broken target with 400', async () => {
    const response = await call(base, '/environments/staging/remotes.json', { method: 'DELETE' });
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'GET, HEAD, PUT']);
    expect((await call(base, '/remotes.json')).status).toBe(404);
    expect((await call(base, '/environments/Staging/remotes.json')).status).toBe(404);
  });
});

describe('who may read', () => {
  it("reads an environment's history, revisions and settings only with a token of that environment (403)", async () => {
    const { token, id } = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const bearer = { authorization: `Bearer ${token}` };
    const paths = (environment: string) => [
      `/environments/${environment}/history?slice=legal`,
      `/environments/${environment}/revisions/1`,
      `/environments/${environment}`,
    ];
    for (const path of paths('production')) {
      const refused = await call(base, path, { headers: bearer });
      expect([refused.status, await refused.text()], path).toEqual([
        403,
        `token ${id} of the legal team may read staging, not production.\n`,
      ]);
      expect((await call(base, path, { headers: admin })).status, path).toBe(200);
    }
    for (const path of paths('staging')) expect((await call(base, path, { headers: bearer })).status, path).toBe(200);
    for (const path of paths('nowhere')) expect((await call(base, path, { headers: bearer })).status, path).toBe(403);
    // The map itself stays public: composers read it without a token.
    expect((await call(base, '/environments/production/remotes.json')).status).toBe(200);
    expect((await call(base, '/environments/production/history?slice=legal')).status).toBe(401);
  });
});

describe('production, staged in staging', () => {
  it('takes a new URL or integrity of an entry with traffic only as an artifact staging had traffic on (409)', async () => {
    const { token } = await tokenFor(base, 'contact', ['contact'], ['staging', 'production']);
    const released = entry('contact', '3.0.0-p', { released: true });
    for (const environment of ['staging', 'production'])
      expect((await changeSlice(base, environment, token, 'contact', () => [released])).status).toBe(200);

    const swapped = { ...released, url: `${origins.contact}/swapped/mf-manifest.json` };
    const rebuilt = { ...released, metadata: { ...released.metadata, integrity: 'sha256-swapped' } };
    for (const changed of [swapped, rebuilt]) {
      const refused = await changeSlice(base, 'production', token, 'contact', () => [changed]);
      expect([refused.status, await refused.text()]).toEqual([
        409,
        expect.stringMatching(
          /^contact 3\.0\.0-p was never released or a canary in staging \(not with this URL and integrity\), so production does not take it\./,
        ),
      ]);
    }
    expect((await readMap(base, 'production')).map.microFrontends.contact).toEqual([released]);

    // Once staging gave that very artifact traffic, production takes it.
    expect((await changeSlice(base, 'staging', token, 'contact', () => [swapped])).status).toBe(200);
    expect((await changeSlice(base, 'production', token, 'contact', () => [swapped])).status).toBe(200);
  });
});

describe('who may write', () => {
  it('refuses a write without a token, or with one it did not issue (401)', async () => {
    const { etag, map } = await readMap(base, 'staging');
    for (const token of [undefined, 'nova_0123456789abcdef_' + 'x'.repeat(43), 'guess']) {
      const response = await writeMap(base, 'staging', { ...map, microFrontends: {} }, { token, etag });
      expect([response.status, response.headers.get('www-authenticate')], token).toEqual([
        401,
        'Bearer realm="discovery"',
      ]);
    }
    expect((await readMap(base, 'staging')).etag).toBe(etag);
  });

  it('refuses a revoked or expired token (401), saying which', async () => {
    const revoked = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const revoking = await call(base, `/tokens/${revoked.id}`, { method: 'DELETE', headers: admin });
    expect(revoking.status).toBe(200);
    const refused = await changeSlice(base, 'staging', revoked.token, 'legal', (entries) => [
      ...entries,
      entry('legal', '9.0.0-r'),
    ]);
    expect([refused.status, await refused.text()]).toEqual([
      401,
      expect.stringMatching(new RegExp(`^Token ${revoked.id} was revoked at `)),
    ]);

    const expired = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query("UPDATE tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    await db.end();
    const late = await changeSlice(base, 'staging', expired.token, 'legal', (entries) => [
      ...entries,
      entry('legal', '9.0.0-e'),
    ]);
    expect([late.status, await late.text()]).toEqual([
      401,
      expect.stringMatching(new RegExp(`^Token ${expired.id} expired at `)),
    ]);
  });

  it("refuses a legal team's token on games (403), however the write is shaped", async () => {
    const { token, id } = await tokenFor(base, 'legal', ['legal'], ['staging', 'production']);
    const games = await changeSlice(base, 'staging', token, 'games', (entries) => [
      ...entries,
      entry('games', '1.0.0-g'),
    ]);
    expect([games.status, await games.text()]).toEqual([
      403,
      `token ${id} of the legal team may change legal, not games: this write changes games.\n`,
    ]);
    // Its own slice and another's in one write; or another slice's versions removed (a prune).
    await changeSlice(base, 'staging', adminToken, 'games', () => [entry('games', '1.0.0-g', { released: true })]);
    const { etag, map } = await readMap(base, 'staging');
    const both = { ...map, microFrontends: { ...map.microFrontends, legal: [entry('legal', '2.0.0-b')], games: [] } };
    expect((await writeMap(base, 'staging', both, { token, etag })).status).toBe(403);
    const { games: _, ...withoutGames } = map.microFrontends;
    expect((await writeMap(base, 'staging', { ...map, microFrontends: withoutGames }, { token, etag })).status).toBe(
      403,
    );
    const schema = await writeMap(
      base,
      'staging',
      { ...map, schema: 'https://elsewhere.example/schema.json' },
      { token, etag },
    );
    expect([schema.status, await schema.text()]).toEqual([
      403,
      `token ${id} of the legal team may change its slices' versions only, not the rest of the map.\n`,
    ]);
    expect((await readMap(base, 'staging')).etag).toBe(etag);
  });

  it('refuses a token scoped to staging on production (403)', async () => {
    const { token, id } = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const response = await changeSlice(base, 'production', token, 'legal', (entries) => [
      ...entries,
      entry('legal', '1.0.0-a'),
    ]);
    expect([response.status, await response.text()]).toEqual([
      403,
      `token ${id} of the legal team may change staging, not production.\n`,
    ]);
  });

  it("refuses an entry on another slice's origin, or of a slice the environment does not serve (422)", async () => {
    const { token } = await tokenFor(base, 'legal', ['legal', 'ads'], ['staging']);
    const elsewhere = await changeSlice(base, 'staging', token, 'legal', (entries) => [
      ...entries,
      entry('legal', '6.6.6-x', { at: 'http://localhost:4175' }),
    ]);
    expect([elsewhere.status, await elsewhere.text()]).toEqual([
      422,
      'legal 6.6.6-x is at http://localhost:4175, but staging serves legal from http://localhost:4176 only.\n',
    ]);
    const unknown = await changeSlice(base, 'staging', token, 'ads', () => [
      { ...entry('legal', '1.0.0-a'), url: 'http://localhost:4176/ads/mf-manifest.json' },
    ]);
    expect([unknown.status, await unknown.text()]).toEqual([
      422,
      'staging serves no slice named ads (its slices: contact, games, legal, marketing).\n',
    ]);
  });

  it("leaves an environment's first map, its settings and the tokens to the administrator (403)", async () => {
    const { token } = await tokenFor(base, 'legal', ['legal'], ['staging']);
    const bearer = { authorization: `Bearer ${token}` };
    await call(base, '/environments/empty', {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ sliceOrigins: { legal: ['http://localhost:4176'] } }),
    });
    const first = await writeMap(base, 'empty', emptyMap, { token, headers: { 'if-none-match': '*' } });
    expect([first.status, await first.text()]).toEqual([
      403,
      'token ' + token.slice(5, 21) + ' of the legal team may change staging, not empty.\n',
    ]);
    const scoped = await tokenFor(base, 'legal', ['legal'], ['empty']);
    const again = await writeMap(base, 'empty', emptyMap, { token: scoped.token, headers: { 'if-none-match': '*' } });
    expect([again.status, await again.text()]).toEqual([
      403,
      "Only the administrator creates an environment's first map (If-None-Match: *), not legal.\n",
    ]);
    const settings = JSON.stringify({ sliceOrigins: { legal: ['http://localhost:4175'] } });
    expect((await call(base, '/environments/staging', { method: 'PUT', headers: bearer, body: settings })).status).toBe(
      403,
    );
    const minting = { team: 'legal', slices: ['games'], environments: ['staging'] };
    expect(
      (await call(base, '/tokens', { method: 'POST', headers: bearer, body: JSON.stringify(minting) })).status,
    ).toBe(403);
    expect((await call(base, '/tokens', { headers: bearer })).status).toBe(403);
  });

  it('keeps only a hash of a token, never the token', async () => {
    const { id, token } = await tokenFor(base, 'contact', ['contact'], ['staging']);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query('SELECT * FROM tokens WHERE id = $1', [id]);
    await db.end();
    expect(rows[0].secret_hash).toEqual(createHash('sha256').update(token).digest());
    expect(JSON.stringify(rows[0])).not.toContain(token.slice(22));
    const listed = await (await call(base, '/tokens', { headers: admin })).text();
    expect(listed).toContain(id);
    expect(listed).not.toContain(token.slice(22));
  });
});
