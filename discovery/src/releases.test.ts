// Releasing as the teams do it: the slice CLI, as real processes, against the service on a real
// PostgreSQL. Tokens, refusals as the CLI prints them, history, rollback to a revision, pruning,
// and promotion from staging to production.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  afterTheseTests,
  fakeBuild,
  freshDatabase,
  publishedVersion,
  readMap,
  sliceCli,
  stagingAndProduction,
  startInstance,
  type CliRun,
} from './test-support.ts';

let base: string;
let cli: ReturnType<typeof sliceCli>;
const asAdmin = (...args: Parameters<ReturnType<ReturnType<typeof sliceCli>['as']>>) => cli.as(adminToken)(...args);

beforeAll(async () => {
  base = await startInstance(await freshDatabase());
  await stagingAndProduction(base);
  cli = sliceCli([base]);
});

const succeeded = (run: CliRun) => {
  expect(run.stderr, run.stdout).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
};

/** A team's token, made with the CLI as the administrator does. */
async function teamToken(team: string, slices: string, environments: string) {
  const printed = succeeded(
    await asAdmin('staging', 'token', 'create', '--team', team, '--slices', slices, '--env', environments),
  );
  return /^nova_\w+_[\w-]+$/m.exec(printed)![0];
}

/** A new build of legal published to staging by a team; its version. */
async function publishLegal(run: ReturnType<typeof cli.as>, edition: string) {
  return publishedVersion(await run('staging', 'publish', 'legal', '--dist', fakeBuild('legal', edition)));
}

const released = (map: Awaited<ReturnType<typeof readMap>>['map'], slice: string) =>
  map.microFrontends[slice]?.find((listed) => listed.deployment.default)?.metadata.version;

describe('releasing through the discovery service', { timeout: 60_000 }, () => {
  it("takes a team's token, made once by the administrator, for a publish and a release", async () => {
    const printed = succeeded(
      await asAdmin(
        'staging',
        'token',
        'create',
        '--team',
        'legal',
        '--slices',
        'legal',
        '--env',
        'staging',
        '--expires',
        '30d',
      ),
    );
    expect(printed).toMatch(/^Token [0-9a-f]{16} of the legal team: legal in staging, until \S+\.\nnova_/);
    expect(printed).toContain('It is shown this once');
    const legal = cli.as(/^nova_\w+_[\w-]+$/m.exec(printed)![0]);
    const version = await publishLegal(legal, 'first');
    expect(succeeded(await legal('staging', 'release', 'legal', version))).toBe(`legal ${version} is released.\n`);
    expect(released((await readMap(base, 'staging')).map, 'legal')).toBe(version);
  });

  it('says which refusal and why: 401 without a token or with a revoked one, 403 outside its scope', async () => {
    const anonymous = await cli.as(undefined)('staging', 'publish', 'legal', '--dist', fakeBuild('legal', 'anonymous'));
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toMatch(
      /answered 401 Unauthorized \(This needs a token: Authorization: Bearer <token>\.\); nothing was changed\. Give a token with --token or SLICE_TOKEN\./,
    );

    const legal = cli.as(await teamToken('legal', 'legal', 'staging'));
    const games = await legal('staging', 'publish', 'games', '--dist', fakeBuild('games', 'by legal'));
    expect(games.code).toBe(1);
    expect(games.stderr).toMatch(
      /answered 403 Forbidden \(token [0-9a-f]{16} of the legal team may change legal, not games: this write changes games\.\); nothing was changed\. Ask for a token that covers it\./,
    );
    const production = await legal('production', 'publish', 'legal', '--dist', fakeBuild('legal', 'production'));
    expect(production.stderr).toMatch(
      /403 Forbidden \(token \w+ of the legal team may change staging, not production\.\)/,
    );

    const token = await teamToken('legal', 'legal', 'staging');
    const id = token.slice(5, 21);
    expect(succeeded(await asAdmin('staging', 'token', 'revoke', id))).toContain(`Token ${id} is revoked`);
    const revoked = await cli.as(token)('staging', 'publish', 'legal', '--dist', fakeBuild('legal', 'revoked'));
    expect(revoked.stderr).toMatch(new RegExp(`401 Unauthorized \\(Token ${id} was revoked at `));
    expect(succeeded(await asAdmin('staging', 'token', 'list'))).toMatch(
      new RegExp(`${id}  legal: legal in staging; revoked `),
    );
  });

  it('lists every change to a slice: who, when, the command, from which version to which, the commit', async () => {
    const token = await teamToken('contact', 'contact', 'staging');
    const contact = cli.as(token);
    const publish = async (edition: string) =>
      publishedVersion(await contact('staging', 'publish', 'contact', '--dist', fakeBuild('contact', edition)));
    const [a, b] = [await publish('a'), await publish('b')];
    succeeded(await contact('staging', 'release', 'contact', a));
    succeeded(await contact('staging', 'release', 'contact', b, '--traffic', '10'));
    succeeded(await contact('staging', 'release', 'contact', b));

    const history = succeeded(await contact('staging', 'history', 'contact'));
    const lines = history.trim().split('\n');
    expect(lines[0]).toBe('contact in staging: newest first');
    const who = `contact \\(token ${token.slice(5, 21)}\\)`;
    const at = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';
    const built = ', built from \\w+';
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(`^  #\\d+  ${at}  ${who}  released ${b} \\(was ${a}\\)${built}  <slice release contact ${b}>$`),
      ),
      expect.stringMatching(
        new RegExp(`^  #\\d+  ${at}  ${who}  canary ${b} at 10 %${built}  <slice release contact ${b} --traffic 10>$`),
      ),
      expect.stringMatching(
        new RegExp(`^  #\\d+  ${at}  ${who}  released ${a}${built}  <slice release contact ${a}>$`),
      ),
      expect.stringMatching(new RegExp(`^  #\\d+  ${at}  ${who}  published ${b}${built}  <slice publish contact>$`)),
      expect.stringMatching(new RegExp(`^  #\\d+  ${at}  ${who}  published ${a}${built}  <slice publish contact>$`)),
    ]);
    const production = await contact('staging', 'history', 'contact', '--env', 'production');
    expect([production.code, production.stderr]).toEqual([
      1,
      `slice history contact failed: GET /environments/production/history answered 403 Forbidden (token ${token.slice(5, 21)} of the contact team may read staging, not production.).\n`,
    ]);
    expect(succeeded(await asAdmin('staging', 'history', 'contact', '--env', 'production'))).toBe(
      'contact in production: no change yet\n',
    );
  });

  it("restores a slice's entries exactly as they were at a revision, as a new revision", async () => {
    const marketing = cli.as(await teamToken('marketing', 'marketing', 'staging'));
    const publish = async (edition: string) =>
      publishedVersion(await marketing('staging', 'publish', 'marketing', '--dist', fakeBuild('marketing', edition)));
    const [a, b] = [await publish('a'), await publish('b')];
    succeeded(await marketing('staging', 'release', 'marketing', a));
    succeeded(await marketing('staging', 'release', 'marketing', b, '--traffic', '25'));
    const atCanary = /#(\d+)/.exec(succeeded(await marketing('staging', 'history', 'marketing', '--limit', '1')))![1]!;
    const then = (await readMap(base, 'staging')).map.microFrontends.marketing;
    succeeded(await marketing('staging', 'release', 'marketing', b));
    const c = await publish('c');
    succeeded(await marketing('staging', 'release', 'marketing', c));

    const restored = succeeded(await marketing('staging', 'rollback', 'marketing', '--to', atCanary));
    expect(restored).toBe(`marketing is back to revision ${atCanary}: ${a} released, ${b} the canary with 25 %.\n`);
    const now = (await readMap(base, 'staging')).map;
    expect(now.microFrontends.marketing).toEqual(then);
    expect(now.microFrontends.legal, 'other slices as they were').toBeDefined();
    const latest = succeeded(await marketing('staging', 'history', 'marketing', '--limit', '1'));
    expect(latest).toMatch(
      new RegExp(
        `released ${a} \\(was ${c}\\); canary ${b} at 25 %; removed ${c}.*<slice rollback marketing --to ${atCanary}>`,
      ),
    );
    expect(succeeded(await marketing('staging', 'rollback', 'marketing', '--to', atCanary))).toMatch(
      /^marketing is already as it was at revision/,
    );
    const nowhere = await marketing('staging', 'rollback', 'marketing', '--to', '99999');
    expect(nowhere.stderr).toContain('answered 404 Not Found (staging has no revision 99999.)');
  });

  it('keeps the history of versions that pruning removes from the map', async () => {
    const legal = cli.as(await teamToken('legal', 'legal', 'staging'));
    const versions = [
      await publishLegal(legal, 'p1'),
      await publishLegal(legal, 'p2'),
      await publishLegal(legal, 'p3'),
    ];
    for (const version of versions) succeeded(await legal('staging', 'release', 'legal', version));
    succeeded(await legal('staging', 'prune', 'legal', '--keep-releases', '2', '--keep-days', '0'));
    const listed = (await readMap(base, 'staging')).map.microFrontends.legal!.map((entry) => entry.metadata.version);
    expect(listed).toEqual(versions.slice(1));
    const history = succeeded(await legal('staging', 'history', 'legal', '--limit', '1000'));
    expect(history).toMatch(new RegExp(`removed [^<]*${versions[0]}.*<slice prune legal>`));
    expect(history).toContain(`released ${versions[0]}`);
    expect(history).toContain(`published ${versions[0]}`);
  });
});

describe("the administrator's environments", { timeout: 60_000 }, () => {
  it('sets which slices it has, where each is served from and its paths, where it is staged, and starts its map', async () => {
    const origins = 'legal=http://localhost:4176,games=http://localhost:4175,games=https://games.cdn.example';
    const printed = succeeded(
      await asAdmin('staging', 'environment', 'qa', '--origins', origins, '--staged-in', 'staging'),
    );
    expect(printed).toBe(
      'qa serves legal at /terms-and-conditions, /privacy-policy from http://localhost:4176; ' +
        'games at /games/* from http://localhost:4175, https://games.cdn.example; staged in staging; its map is started.\n',
    );
    expect((await readMap(base, 'qa')).map.microFrontends).toEqual({});
    const settings = async () =>
      (await fetch(`${base}/environments/qa`, { headers: { authorization: `Bearer ${adminToken}` } })).json();
    expect(await settings()).toEqual({
      name: 'qa',
      sliceOrigins: { legal: ['http://localhost:4176'], games: ['http://localhost:4175', 'https://games.cdn.example'] },
      slicePaths: { legal: ['/terms-and-conditions', '/privacy-policy'], games: ['/games/*'] },
      stagedIn: 'staging',
    });
    // The slices it names get what is given; the others, and where it is staged, stay.
    const again = succeeded(
      await asAdmin(
        'staging',
        'environment',
        'qa',
        '--origins',
        'legal=http://localhost:4186',
        '--paths',
        'games=/games/*,games=/shop',
      ),
    );
    expect(again).toBe(
      'qa serves games at /games/*, /shop from http://localhost:4175, https://games.cdn.example; ' +
        'legal at /terms-and-conditions, /privacy-policy from http://localhost:4186; staged in staging.\n',
    );
    expect((await readMap(base, 'qa')).environment.slices.games).toEqual({
      origins: ['http://localhost:4175', 'https://games.cdn.example'],
      paths: ['/games/*', '/shop'],
    });
    const overlapping = await asAdmin('staging', 'environment', 'qa', '--paths', 'legal=/shop');
    expect(overlapping.stderr).toContain(
      "answered 400 Bad Request (The environment would not hold: games's /shop and legal's /shop overlap: every address has one slice at most.)",
    );
    const noOrigins = await asAdmin('staging', 'environment', 'qa', '--paths', 'news=/news/*');
    expect(noOrigins.stderr).toContain('qa has no origins for news: give them with --origins news=<origin>.');
    const noPaths = await asAdmin('staging', 'environment', 'qa', '--origins', 'news=http://localhost:4190');
    expect(noPaths.stderr).toContain(
      "answered 400 Bad Request (The environment would not hold: news's paths are 1 to 32 exact paths (/contact) or prefixes (/games/*).)",
    );
    expect((await settings()).sliceOrigins.news).toBeUndefined();
    const byTeam = await cli.as(await teamToken('legal', 'legal', 'staging'))(
      'staging',
      'environment',
      'qa',
      '--origins',
      origins,
    );
    expect(byTeam.stderr).toContain('answered 403 Forbidden (token ');
  });

  it('adds a slice this workspace does not have, which its team publishes and releases', async () => {
    const printed = succeeded(
      await asAdmin(
        'staging',
        'environment',
        'staging',
        '--origins',
        'news=http://localhost:4190',
        '--paths',
        'news=/news/*',
      ),
    );
    expect(printed).toContain('news at /news/* from http://localhost:4190');
    const news = sliceCli([base], newsRoot(), { cwd: newsProject() }).as(await teamToken('news', 'news', 'staging'));
    const pages = [{ path: '/news', module: 'NewsPage', title: 'News' }];
    const version = publishedVersion(await news('staging', 'publish', 'news', '--dist', fakeBuild('news', 1, pages)));
    expect(version).toMatch(/^0\.1\.0-/);
    succeeded(await news('staging', 'release', 'news', version));
    const { map, environment } = await readMap(base, 'staging');
    expect(environment.slices.news).toEqual({ origins: ['http://localhost:4190'], paths: ['/news/*'] });
    expect(map.microFrontends.news).toEqual([
      expect.objectContaining({
        url: `http://localhost:4190/${version}/mf-manifest.json`,
        metadata: expect.objectContaining({ version, pages }),
        deployment: { traffic: 100, default: true },
      }),
    ]);
    // Its pages stay under its paths: the CLI says so before the service would.
    const shop = publishedVersion(
      await news(
        'staging',
        'publish',
        'news',
        '--dist',
        fakeBuild('news', 2, [...pages, { path: '/contact', module: 'ContactPage', title: 'Contact' }]),
      ),
    );
    const refused = await news('staging', 'release', 'news', shop, '--drop-pages');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `slice release news ${shop} failed: Not released: news ${shop} declares /contact, outside news's paths (/news/*).`,
    );
  });
});

/** A deployment root whose environment gives news (a slice this workspace lacks) its origin. */
function newsRoot() {
  const root = mkdtempSync(join(tmpdir(), 'nova-news-root-'));
  afterTheseTests(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(
    join(root, 'environment.json'),
    JSON.stringify({ slices: { news: { origins: ['http://localhost:4190'], paths: ['/news/*'] } } }),
  );
  writeFileSync(join(root, 'shell-manifest.json'), JSON.stringify({ exposes: [], shared: [] }));
  return root;
}

/** The news team's folder: its package.json gives its versions. */
function newsProject() {
  const project = mkdtempSync(join(tmpdir(), 'nova-news-'));
  afterTheseTests(() => rmSync(project, { recursive: true, force: true }));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'news', version: '0.1.0' }));
  return project;
}

describe('promotion from staging to production', { timeout: 60_000 }, () => {
  it('carries the exact artifact (URL, integrity, build) and releases it, or makes it the canary', async () => {
    const legal = cli.as(await teamToken('legal', 'legal', 'staging,production'));
    const first = await publishLegal(legal, 'promoted first');
    const second = await publishLegal(legal, 'promoted second');
    succeeded(await legal('staging', 'release', 'legal', first));
    succeeded(await legal('staging', 'release', 'legal', second));

    const promoted = succeeded(
      await legal('staging', 'promote', 'legal', first, '--from', 'staging', '--to', 'production'),
    );
    expect(promoted).toMatch(
      new RegExp(
        `^legal ${first} is promoted from staging to production \\(http://localhost:4176/${first}/mf-manifest.json\\) and released there\\.\\n$`,
      ),
    );
    const staging = (await readMap(base, 'staging')).map.microFrontends.legal!;
    const production = (await readMap(base, 'production')).map.microFrontends.legal!;
    const inStaging = staging.find((entry) => entry.metadata.version === first)!;
    expect(production).toEqual([
      {
        url: inStaging.url,
        metadata: inStaging.metadata,
        deployment: { traffic: 100, default: true },
        extras: {
          builtFrom: (inStaging as { extras?: { builtFrom?: unknown } }).extras?.builtFrom,
          releasedAt: [expect.any(String)],
        },
      },
    ]);
    succeeded(
      await legal('staging', 'promote', 'legal', second, '--from', 'staging', '--to', 'production', '--traffic', '20'),
    );
    const withCanary = (await readMap(base, 'production')).map.microFrontends.legal!;
    expect(withCanary.map((entry) => [entry.metadata.version, entry.deployment])).toEqual([
      [first, { traffic: 80, default: true }],
      [second, { traffic: 20, default: false }],
    ]);
    expect(succeeded(await legal('production', 'history', 'legal', '--limit', '1'))).toContain(
      `canary ${second} at 20 %, built from`,
    );
  });

  it('carries the pages, and promotes a version that drops one only with --drop-pages', async () => {
    const legal = cli.as(await teamToken('legal', 'legal', 'staging,production'));
    const both = await publishLegal(legal, 'both pages');
    const terms = [{ path: '/terms-and-conditions', module: 'TermsPage', title: 'Terms and Conditions' }];
    const termsOnly = publishedVersion(
      await legal('staging', 'publish', 'legal', '--dist', fakeBuild('legal', 'terms only', terms)),
    );
    succeeded(await legal('staging', 'release', 'legal', both));
    succeeded(await legal('staging', 'promote', 'legal', both, '--from', 'staging', '--to', 'production'));
    succeeded(await legal('staging', 'release', 'legal', termsOnly, '--drop-pages'));
    const promote = ['promote', 'legal', termsOnly, '--from', 'staging', '--to', 'production'];
    const refused = await legal('staging', ...promote);
    expect(refused.stderr).toBe(
      `slice promote legal ${termsOnly} failed: legal ${termsOnly} no longer serves /privacy-policy: promote it with --drop-pages.\n`,
    );
    expect(released((await readMap(base, 'production')).map, 'legal')).toBe(both);
    succeeded(await legal('staging', ...promote, '--drop-pages'));
    const production = (await readMap(base, 'production')).map.microFrontends.legal!;
    expect(production.find((entry) => entry.deployment.default)?.metadata).toMatchObject({
      version: termsOnly,
      pages: terms,
    });
  });

  it('refuses in production a version never released or made a canary in staging, whichever way it comes', async () => {
    const games = cli.as(await teamToken('games', 'games', 'staging,production'));
    const stagedOnly = publishedVersion(
      await games('staging', 'publish', 'games', '--dist', fakeBuild('games', 'listed only')),
    );
    const promote = await games('staging', 'promote', 'games', stagedOnly, '--from', 'staging', '--to', 'production');
    expect(promote.code).toBe(1);
    expect(promote.stderr).toContain(
      `answered 409 Conflict (games ${stagedOnly} was never released or a canary in staging (not with this URL and integrity), so production does not take it.`,
    );
    // Published straight to production and released there: the same rule.
    const direct = publishedVersion(
      await games('production', 'publish', 'games', '--dist', fakeBuild('games', 'direct')),
    );
    const release = await games('production', 'release', 'games', direct);
    expect(release.stderr).toContain(`409 Conflict (games ${direct} was never released or a canary in staging`);
    const notAdmin = await games('production', 'release', 'games', direct, '--allow-unstaged');
    expect(notAdmin.stderr).toContain(
      '403 Forbidden (Only the administrator overrides a rule (Slice-Override), not games.)',
    );
    expect(
      (await readMap(base, 'production')).map.microFrontends.games!.every((entry) => !entry.deployment.default),
    ).toBe(true);
  });

  it('releases an unstaged version in production when the administrator overrides the rule, and records it', async () => {
    const contact = cli.as(await teamToken('contact', 'contact', 'staging,production'));
    const version = publishedVersion(
      await contact('staging', 'publish', 'contact', '--dist', fakeBuild('contact', 'hotfix')),
    );
    const forced = await asAdmin(
      'staging',
      'promote',
      'contact',
      version,
      '--from',
      'staging',
      '--to',
      'production',
      '--allow-unstaged',
    );
    succeeded(forced);
    expect(released((await readMap(base, 'production')).map, 'contact')).toBe(version);
    const history = succeeded(await contact('production', 'history', 'contact', '--limit', '1'));
    expect(history).toMatch(
      new RegExp(
        `administrator \\(token admin\\)  published ${version}; released ${version}.*<slice promote contact ${version} --from staging --to production --allow-unstaged> \\[the administrator set aside: unstaged\\]`,
      ),
    );
  });
});
