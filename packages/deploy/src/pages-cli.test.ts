// @vitest-environment node
// What a team's pages may do, as the CLI says it: real CLI processes on a map file in a temporary
// root. A release, a canary or a promotion whose pages leave their slice's paths or meet another
// slice's is refused; one that drops a page needs --drop-pages, a rollback does not; the
// administrator's `slice environment --root` gives slices their origins and paths, a new slice too.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageDeclaration } from '@nova/contracts/pages';
import { releasedVersion } from '@nova/contracts/remote-map';
import { legacyPages } from '@nova/contracts/routes';
import type { RemoteMapJson } from './map-store.js';
import { temporaryFolder } from './test-support.ts';

const cli = join(import.meta.dirname, 'cli.js');

const temporary = () => temporaryFolder('nova-pages-');

type Run = { code: number; stdout: string; stderr: string };
/** One CLI run (in `cwd`): its exit code and what it printed (a failing run does not throw). */
const run = (args: string[], cwd?: string) =>
  new Promise<Run>((done) => {
    execFile(process.execPath, [cli, ...args], { encoding: 'utf8', cwd }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
const succeeded = (result: Run) => {
  expect(result.stderr, result.stdout).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
};

const page = (path: string, module: string): PageDeclaration => ({ path, module, title: module });
const gamesPages = [page('/games', 'GamesPage'), page('/games/:gameId', 'GamePage')];

/** A deployment root (no environment.json: the local defaults) and the CLI on it. */
function environment() {
  const root = temporary();
  const shellManifest = join(root, 'shell-manifest.json');
  writeFileSync(shellManifest, JSON.stringify({ exposes: [], shared: [] }));
  const slice = (...args: string[]) => run([...args, '--root', root, '--shell-manifest', shellManifest]);
  /** Publishes a build of `name` declaring `pages` (from `cwd`); its version. */
  const publish = async (name: string, pages: PageDeclaration[], cwd?: string) => {
    const dist = temporary();
    const exposes = pages.map(({ module }) => ({ name: module }));
    writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name, exposes, shared: [], pages }));
    writeFileSync(join(dist, 'remoteEntry.js'), `export const pages = ${JSON.stringify(pages)};`);
    const printed = succeeded(
      await run(['publish', name, '--dist', dist, '--root', root, '--shell-manifest', shellManifest], cwd),
    );
    return new RegExp(`^${name} (\\S+) is published\\.$`, 'm').exec(printed)![1]!;
  };
  const map = () => JSON.parse(readFileSync(join(root, 'remotes.json'), 'utf8')) as RemoteMapJson;
  const released = (name: string) => releasedVersion(map().microFrontends[name] ?? [])?.metadata.version;
  return { root, slice, publish, map, released };
}

describe('the pages a release brings', { timeout: 60_000 }, () => {
  it("refuses a page outside the slice's paths or another slice's, a dropped page unasked; a rollback drops it", async () => {
    const { slice, publish, map, released } = environment();
    const contact = await publish('contact', legacyPages('contact'));
    succeeded(await slice('release', 'contact', contact));
    const first = await publish('games', gamesPages);
    const withNew = await publish('games', [...gamesPages, page('/games/new', 'NewGamesPage')]);
    const outside = await publish('games', [...gamesPages, page('/shop', 'ShopPage')]);
    const onContact = await publish('games', [...gamesPages, page('/contact', 'ContactPage')]);
    succeeded(await slice('release', 'games', first));
    expect(succeeded(await slice('release', 'games', withNew))).toBe(`games ${withNew} is released.\n`);
    expect(map().microFrontends.games!.find((listed) => listed.metadata.version === withNew)!.metadata).toMatchObject({
      pages: [...gamesPages, page('/games/new', 'NewGamesPage')],
    });

    const mapBefore = JSON.stringify(map());
    const refusedOutside = await slice('release', 'games', outside, '--drop-pages');
    expect([refusedOutside.code, refusedOutside.stderr]).toEqual([
      1,
      `slice release games ${outside} failed: Not released: games ${outside} declares /shop, outside games's paths (/games/*).\n`,
    ]);
    const refusedCanary = await slice('release', 'games', onContact, '--traffic', '10');
    expect(refusedCanary.stderr).toBe(
      `slice release games ${onContact} failed: Not released as the canary: ` +
        `games ${onContact} declares /contact, outside games's paths (/games/*). ` +
        `games ${onContact} declares /contact, which contact ${contact} serves.\n`,
    );
    const dropping = await slice('release', 'games', first);
    expect(dropping.stderr).toBe(
      `slice release games ${first} failed: games ${first} no longer serves /games/new: release it with --drop-pages.\n`,
    );
    const guarded = await slice('release', 'games', first, '--traffic', '10', '--guard');
    expect(guarded.stderr).toBe(
      `slice release games ${first} failed: --guard would promote it: games ${first} no longer serves /games/new: release it with --drop-pages.\n`,
    );
    expect(JSON.stringify(map())).toBe(mapBefore);

    succeeded(await slice('release', 'games', first, '--drop-pages'));
    expect(released('games')).toBe(first);
    succeeded(await slice('release', 'games', withNew));
    // A rollback takes back what the release brought, /games/new with it: no --drop-pages.
    expect(succeeded(await slice('rollback', 'games'))).toBe(`games is back to ${first}.\n`);
    expect(released('games')).toBe(first);
  });
});

describe('slice environment --root', { timeout: 60_000 }, () => {
  it("sets slices' paths and origins in environment.json and the map, and adds a slice the workspace lacks", async () => {
    const { root, slice, publish, map, released } = environment();
    const shop = await publish('games', [...gamesPages, page('/shop', 'ShopPage')]);
    expect((await slice('release', 'games', shop)).code).toBe(1);

    const printed = succeeded(
      await slice(
        'environment',
        '--paths',
        'games=/games/*,games=/shop',
        '--origins',
        'games=http://localhost:4175,games=http://localhost:4185',
      ),
    );
    expect(printed).toContain('games at /games/*, /shop from http://localhost:4175, http://localhost:4185;');
    expect(JSON.parse(readFileSync(join(root, 'environment.json'), 'utf8'))).toEqual({
      slices: {
        games: { origins: ['http://localhost:4175', 'http://localhost:4185'], paths: ['/games/*', '/shop'] },
      },
    });
    expect(map().environment?.slices.games).toEqual({
      origins: ['http://localhost:4175', 'http://localhost:4185'],
      paths: ['/games/*', '/shop'],
    });
    succeeded(await slice('release', 'games', shop));

    // A slice of no folder here: the administrator gives it origins and paths, its team publishes it.
    const partial = await slice('environment', '--paths', 'news=/news/*');
    expect(partial.stderr).toBe(
      `slice environment failed: ${join(root, 'environment.json')} has no origins for news: give them with --origins news=<origin>.\n`,
    );
    const overlapping = await slice('environment', '--origins', 'news=http://localhost:4190', '--paths', 'news=/shop');
    expect(overlapping.stderr).toBe(
      `slice environment failed: Not changed: ${join(root, 'environment.json')} would not hold: games's /shop and news's /shop overlap: every address has one slice at most.\n`,
    );
    const named = await slice('environment', 'staging', '--paths', 'news=/news/*');
    expect(named.stderr).toContain('sets an environment of the discovery service');
    succeeded(await slice('environment', '--origins', 'news=http://localhost:4190', '--paths', 'news=/news/*'));
    expect(map().environment?.slices.news).toEqual({ origins: ['http://localhost:4190'], paths: ['/news/*'] });

    const project = temporary();
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'news', version: '0.1.0' }));
    const news = await publish('news', [page('/news', 'NewsPage')], project);
    expect(news).toMatch(/^0\.1\.0-/);
    succeeded(await slice('release', 'news', news));
    expect(released('news')).toBe(news);
    expect(map().microFrontends.news![0]!.url).toBe(`http://localhost:4190/${news}/mf-manifest.json`);
    expect(succeeded(await slice('list'))).toContain(`news\n  * ${news}`);
  });
});
