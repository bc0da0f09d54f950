// An environment's slices, origins and paths on the discovery service, over HTTP on a real
// PostgreSQL: the settings the administrator gives (checked as the map would carry them), the map
// served with them (its ETag covering both), a write that carries them refused, and a write whose
// live pages leave their slice's paths or meet another slice's not stored.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  admin,
  call,
  emptyMap,
  entry,
  freshDatabase,
  origins,
  readMap,
  startInstance,
  testEnvironment,
  tokenFor,
  writeMap,
} from './test-support.ts';

// Started as the file is read; stopped after its tests (startInstance).
const databaseUrl = await freshDatabase();
const base = await startInstance(databaseUrl);

const sliceOrigins = Object.fromEntries(Object.entries(origins).map(([slice, origin]) => [slice, [origin]]));

/** Sets an environment's settings as the administrator; the answer. */
const saveSettings = (name: string, settings: unknown) =>
  call(base, `/environments/${name}`, { method: 'PUT', headers: admin, body: JSON.stringify(settings) });

/** A new environment with the tests' origins (and `settings`) and an empty first map. */
async function environment(name: string, settings: Record<string, unknown> = {}) {
  const saved = await saveSettings(name, { sliceOrigins, ...settings });
  expect(saved.status, await saved.clone().text()).toBe(201);
  const started = await writeMap(base, name, emptyMap, { headers: { ...admin, 'if-none-match': '*' } });
  expect(started.status).toBe(201);
}

const page = (path: string, module: string) => ({ path, module, title: module });
/** A version of `slice` declaring `pages`, released or the canary (`traffic`), or listed only. */
const declaring = (
  slice: keyof typeof origins,
  version: string,
  pages: ReturnType<typeof page>[],
  { released = false, traffic = 0 } = {},
) => ({
  ...entry(slice, version),
  metadata: { ...entry(slice, version).metadata, pages },
  deployment: { traffic: released ? 100 - traffic : traffic, default: released },
});

describe("an environment's map, served with the environment", () => {
  it("carries each slice, its origins and paths (the slice list's where none were given), its tag covering both", async () => {
    await environment('tagged');
    const first = await readMap(base, 'tagged');
    expect(first.environment).toEqual(testEnvironment);
    const settings = await call(base, '/environments/tagged', { headers: admin });
    expect((await settings.json()).slicePaths).toEqual(
      Object.fromEntries(Object.entries(testEnvironment.slices).map(([slice, { paths }]) => [slice, paths])),
    );

    const games = ['http://localhost:4175', 'http://localhost:4185'];
    const changed = await saveSettings('tagged', {
      sliceOrigins: { ...sliceOrigins, games },
      slicePaths: { games: ['/games/*', '/shop'] },
    });
    expect(changed.status).toBe(200);
    const second = await readMap(base, 'tagged');
    expect(second.environment.slices.games).toEqual({ origins: games, paths: ['/games/*', '/shop'] });
    expect(second.map).toEqual(first.map);
    expect(second.etag).toMatch(/^"1-[\w-]{22}"$/);
    expect(second.etag).not.toBe(first.etag);
    const held = (tag: string) =>
      call(base, '/environments/tagged/remotes.json', { headers: { 'if-none-match': tag } });
    expect((await held(first.etag)).status).toBe(200);
    expect((await held(second.etag)).status).toBe(304);

    // A write based on the map as served before the environment changed is based on another map.
    const listed = { ...first.map, microFrontends: { legal: [entry('legal', '1.0.0-a')] } };
    const stale = await writeMap(base, 'tagged', listed, { headers: admin, etag: first.etag });
    expect([stale.status, stale.headers.get('etag')]).toEqual([412, second.etag]);
    const written = await writeMap(base, 'tagged', listed, { headers: admin, etag: second.etag });
    expect(written.status).toBe(200);
    expect(written.headers.get('etag')).toBe((await readMap(base, 'tagged')).etag);
  });

  it("refuses a map that carries an environment (400): that is the administrator's", async () => {
    await environment('carried');
    const { etag, map, environment: served } = await readMap(base, 'carried');
    const response = await writeMap(base, 'carried', { ...map, environment: served }, { headers: admin, etag });
    expect([response.status, await response.text()]).toEqual([
      400,
      'The map carries an environment: that is the administrator\'s (slice environment carried --origins … --paths …), and the service serves the map with it. Send the map without "environment".\n',
    ]);
    expect((await readMap(base, 'carried')).etag).toBe(etag);
  });

  it("defaults the slices of an environment made before paths existed to the slice list's, and serves no slice without", async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`INSERT INTO environments (name, slice_origins) VALUES ('older', $1)`, [
      JSON.stringify({ legal: ['http://localhost:4176'], blog: ['http://localhost:4190'] }),
    ]);
    await db.end();
    const started = await writeMap(base, 'older', emptyMap, { headers: { ...admin, 'if-none-match': '*' } });
    expect(started.status).toBe(201);
    expect((await readMap(base, 'older')).environment).toEqual({
      slices: { legal: { origins: ['http://localhost:4176'], paths: ['/terms-and-conditions', '/privacy-policy'] } },
    });
  });
});

describe("an environment's settings", () => {
  it('are refused (400) where they would not hold as its map carries them, naming what', async () => {
    const cases: [unknown, string][] = [
      [
        { sliceOrigins, slicePaths: { contact: ['/contact', '/games/contact'] } },
        "games's /games/* and contact's /games/contact overlap: every address has one slice at most.",
      ],
      [{ sliceOrigins, slicePaths: { news: ['/news/*'] } }, 'slicePaths names news, which sliceOrigins does not'],
      [
        { sliceOrigins: { ...sliceOrigins, news: ['http://localhost:4190'] } },
        "news's paths are 1 to 32 exact paths (/contact) or prefixes (/games/*).",
      ],
      [{ sliceOrigins, slicePaths: { games: ['/games/:id'] } }, 'games: the path "/games/:id" names a parameter'],
      [{ sliceOrigins, slicePaths: { games: '/games/*' } }, 'slicePaths maps each slice to its paths'],
    ];
    for (const [settings, reason] of cases) {
      const response = await saveSettings('refused', settings);
      expect(response.status, JSON.stringify(settings)).toBe(400);
      expect(await response.text(), JSON.stringify(settings)).toContain(reason);
    }
    expect((await call(base, '/environments/refused', { headers: admin })).status).toBe(404);
  });

  it('take a slice this workspace does not have, with its origins and paths', async () => {
    const news = { origins: ['http://localhost:4190', 'http://localhost:4191'], paths: ['/news/*'] };
    await environment('added', {
      sliceOrigins: { ...sliceOrigins, news: news.origins },
      slicePaths: { news: news.paths },
    });
    expect((await readMap(base, 'added')).environment.slices.news).toEqual(news);
    const { token } = await tokenFor(base, 'news', ['news'], ['added']);
    const { etag, map } = await readMap(base, 'added');
    const released = {
      url: 'http://localhost:4191/1.0.0-n/mf-manifest.json',
      metadata: { version: '1.0.0-n', integrity: 'sha256-news-1.0.0-n', pages: [page('/news', 'NewsPage')] },
      deployment: { traffic: 100, default: true },
    };
    const written = await writeMap(
      base,
      'added',
      { ...map, microFrontends: { ...map.microFrontends, news: [released] } },
      { token, etag },
    );
    expect(written.status, await written.clone().text()).toBe(200);
  });
});

describe('the pages of a write', () => {
  const gamesPages = [page('/games', 'GamesPage'), page('/games/:gameId', 'GamePage')];

  it("are not stored (409) where a live version serves outside its slice's paths or another slice's page", async () => {
    await environment('pages');
    const { token } = await tokenFor(base, 'games', ['games'], ['pages']);
    const asAdmin = await readMap(base, 'pages');
    const contact = declaring('contact', '1.0.0-c', [page('/contact', 'ContactPage')], { released: true });
    const first = declaring('games', '1.0.0-g', gamesPages, { released: true });
    const setUp = await writeMap(
      base,
      'pages',
      { ...asAdmin.map, microFrontends: { contact: [contact], games: [first] } },
      { headers: admin, etag: asAdmin.etag },
    );
    expect(setUp.status).toBe(200);

    const { etag, map } = await readMap(base, 'pages');
    const withGames = (...entries: ReturnType<typeof declaring>[]) => ({
      ...map,
      microFrontends: { ...map.microFrontends, games: entries },
    });
    const onContact = declaring('games', '2.0.0-g', [...gamesPages, page('/contact', 'ContactPage')]);
    const released = await writeMap(
      base,
      'pages',
      withGames(
        { ...first, deployment: { traffic: 0, default: false } },
        { ...onContact, deployment: { traffic: 100, default: true } },
      ),
      { token, etag },
    );
    expect([released.status, await released.text()]).toEqual([
      409,
      "The map is not stored: games 2.0.0-g declares /contact, outside games's paths (/games/*). " +
        'games 2.0.0-g declares /contact, which contact 1.0.0-c serves.\n',
    ]);
    const shop = declaring('games', '2.1.0-g', [...gamesPages, page('/shop', 'ShopPage')], { traffic: 10 });
    const canary = await writeMap(
      base,
      'pages',
      withGames({ ...first, deployment: { traffic: 90, default: true } }, shop),
      { token, etag },
    );
    expect([canary.status, await canary.text()]).toEqual([
      409,
      "The map is not stored: games 2.1.0-g declares /shop, outside games's paths (/games/*).\n",
    ]);
    expect((await readMap(base, 'pages')).etag).toBe(etag);
    // Listed only, a version serves nothing: it is stored.
    const listed = await writeMap(
      base,
      'pages',
      withGames(first, onContact, { ...shop, deployment: { traffic: 0, default: false } }),
      {
        token,
        etag,
      },
    );
    expect(listed.status).toBe(200);
  });

  it("leave a conflict the administrator's paths made to the administrator: other writes go on", async () => {
    await environment('narrowed');
    const asAdmin = await readMap(base, 'narrowed');
    const games = declaring('games', '1.0.0-g', gamesPages, { released: true });
    await writeMap(
      base,
      'narrowed',
      { ...asAdmin.map, microFrontends: { games: [games] } },
      {
        headers: admin,
        etag: asAdmin.etag,
      },
    );
    const narrowed = await saveSettings('narrowed', { sliceOrigins, slicePaths: { games: ['/games'] } });
    expect(narrowed.status).toBe(200);
    const { token } = await tokenFor(base, 'legal', ['legal'], ['narrowed']);
    const { etag, map } = await readMap(base, 'narrowed');
    const legal = { ...entry('legal', '1.0.0-l'), deployment: { traffic: 100, default: true } };
    const written = await writeMap(
      base,
      'narrowed',
      { ...map, microFrontends: { ...map.microFrontends, legal: [legal] } },
      {
        token,
        etag,
      },
    );
    expect(written.status, await written.clone().text()).toBe(200);
  });
});
