// Several instances of the service on one database: concurrent writes through different instances
// lose nothing, and an instance that dies in the middle of a write loses nothing and does nothing
// twice (the CLI sends the same write, with the same key, to the next instance).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addVersion, release } from '@nova/deploy/map-changes';
import { urlMapStore } from '@nova/deploy/url-map-store';
import {
  adminToken,
  afterTheseTests,
  call,
  entry,
  fakeBuild,
  freshDatabase,
  publishedVersion,
  readMap,
  sliceCli,
  stagingAndProduction,
  startInstance,
  tokenFor,
} from './test-support.ts';

const teams = ['marketing', 'games', 'legal', 'contact'] as const;
const releasesPerTeam = 40;

describe('two instances on one database', { timeout: 120_000 }, () => {
  it(`take ${teams.length} teams × ${releasesPerTeam} releases at once with nothing lost and a complete history`, async () => {
    const databaseUrl = await freshDatabase();
    const instances = [await startInstance(databaseUrl), await startInstance(databaseUrl)];
    const [first] = instances as [string, string];
    await stagingAndProduction(first);
    const mapOn = (base: string) => `${base}/environments/staging/remotes.json`;

    await Promise.all(
      teams.map(async (team, index) => {
        const { token } = await tokenFor(first, team, [team], ['staging']);
        // Each write goes through the instances in another order: both take writes all along.
        const store = (turn: number) =>
          urlMapStore(turn % 2 ? instances.map(mapOn) : instances.map(mapOn).reverse(), {
            token,
            command: `test release ${team}`,
          });
        const versions = [`1.0.0-${team}a`, `1.0.0-${team}b`];
        for (const version of versions) await store(index).update((map) => addVersion(map, team, entry(team, version)));
        for (let turn = 0; turn < releasesPerTeam; turn += 1)
          await store(turn + index).update((map) => release(map, team, versions[turn % 2]!, new Date()));
      }),
    );

    const { map } = await readMap(first, 'staging');
    for (const team of teams) {
      const listed = map.microFrontends[team]! as (ReturnType<typeof entry> & { extras?: { releasedAt?: string[] } })[];
      expect(
        listed.flatMap((version) => version.extras?.releasedAt ?? []),
        team,
      ).toHaveLength(releasesPerTeam);
      expect(listed.find((version) => version.deployment.default)?.metadata.version, team).toBe(`1.0.0-${team}b`);
      const history = await call(first, `/environments/staging/history?slice=${team}&limit=1000`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const { revisions } = (await history.json()) as { revisions: { summary: string; team: string }[] };
      expect(
        revisions.filter(({ summary }) => summary.startsWith('released')),
        team,
      ).toHaveLength(releasesPerTeam);
      expect(
        revisions.filter(({ summary }) => summary.startsWith('published')),
        team,
      ).toHaveLength(2);
      expect(new Set(revisions.map((revision) => revision.team)), team).toEqual(new Set([team]));
    }
    // Every revision, one after another, changes one slice and keeps everything before it.
    const total = 1 + teams.length * (2 + releasesPerTeam);
    expect((await readMap(first, 'staging')).etag).toMatch(new RegExp(`^"${total}-`));
    let previous = { microFrontends: {} as Record<string, unknown> };
    for (let number = 1; number <= total; number += 1) {
      const revision = await call(instances[number % 2]!, `/environments/staging/revisions/${number}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const current = (await revision.json()) as typeof previous;
      const changed = teams.filter(
        (team) => JSON.stringify(current.microFrontends[team]) !== JSON.stringify(previous.microFrontends[team]),
      );
      expect(changed.length, `revision ${number}`).toBe(number === 1 ? 0 : 1);
      previous = current;
    }
  });
});

/** An instance of the service as a process of its own (`node main.mjs`), to kill. */
async function instanceProcess(databaseUrl: string) {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../main.mjs')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DISCOVERY_ADMIN_TOKEN: adminToken, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  afterTheseTests(() => child.kill('SIGKILL'));
  const port = await new Promise<string>((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk) => {
      said += chunk;
      const found = /serving on http:\/\/localhost:(\d+)/.exec(said);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error(`the instance stopped: ${said}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * A proxy to an instance that kills it at the first write (a `PUT`, or `write`): before passing the
 * write on, or once the instance has answered it (committed) and before the answer reaches the client.
 */
async function dyingOnWrite(
  instance: { child: ChildProcess; url: string },
  when: 'before commit' | 'after commit',
  write = 'PUT',
) {
  let writes = 0;
  const proxy = createServer((incoming, outgoing) => {
    const upstream = new URL(incoming.url!, instance.url);
    if (incoming.method === write) writes += 1;
    if (incoming.method === write && when === 'before commit') {
      instance.child.kill('SIGKILL');
      return void incoming.socket.destroy();
    }
    const forwarded = httpRequest(upstream, { method: incoming.method, headers: incoming.headers }, (answer) => {
      if (incoming.method === write) {
        answer.resume();
        instance.child.kill('SIGKILL');
        return void incoming.socket.destroy();
      }
      outgoing.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => incoming.socket.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  afterTheseTests(() => new Promise((closed) => proxy.close(closed)));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, writes: () => writes };
}

describe('an instance killed in the middle of a write', { timeout: 60_000 }, () => {
  let databaseUrl: string;
  let survivor: string;
  let legalToken: string;
  beforeAll(async () => {
    databaseUrl = await freshDatabase();
    survivor = await startInstance(databaseUrl);
    await stagingAndProduction(survivor);
    legalToken = (await tokenFor(survivor, 'legal', ['legal'], ['staging'])).token;
  });

  /** Legal with two new versions published and the first released; the CLI through `bases`, from the same root. */
  async function twoVersions(edition: string) {
    const cli = sliceCli([survivor]);
    const legal = cli.as(legalToken);
    const versions: string[] = [];
    for (const build of [`${edition} one`, `${edition} two`])
      versions.push(publishedVersion(await legal('staging', 'publish', 'legal', '--dist', fakeBuild('legal', build))));
    await legal('staging', 'release', 'legal', versions[0]!);
    const through = (bases: string[]) => sliceCli(bases, cli.root).as(legalToken);
    return { legal, through, versions: versions as [string, string] };
  }
  const history = async () => {
    const answer = await call(survivor, '/environments/staging/history?slice=legal&limit=1000', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    return ((await answer.json()) as { revisions: { command: string; summary: string }[] }).revisions;
  };

  it('before it committed: the CLI sends the release to the next instance, which makes it once', async () => {
    const { through, versions } = await twoVersions('before');
    const dying = await dyingOnWrite(await instanceProcess(databaseUrl), 'before commit');
    const run = await through([dying.url, survivor])('staging', 'release', 'legal', versions[1]);
    expect([run.code, run.stdout, run.stderr]).toEqual([0, `legal ${versions[1]} is released.\n`, '']);
    expect(dying.writes()).toBe(1);
    const released = (await readMap(survivor, 'staging')).map.microFrontends.legal!.find((v) => v.deployment.default);
    expect(released?.metadata.version).toBe(versions[1]);
    expect((await history()).filter(({ summary }) => summary.startsWith(`released ${versions[1]}`))).toHaveLength(1);
  });

  it('after it committed: the retry through the next instance is answered with the change made, not made twice', async () => {
    const { legal, through, versions } = await twoVersions('after');
    await legal('staging', 'release', 'legal', versions[1]);
    const dying = await dyingOnWrite(await instanceProcess(databaseUrl), 'after commit');
    // A rollback made twice would undo itself (back to the release before, then forward again).
    const run = await through([dying.url, survivor])('staging', 'rollback', 'legal');
    expect([run.code, run.stdout, run.stderr]).toEqual([0, `legal is back to ${versions[0]}.\n`, '']);
    expect(dying.writes()).toBe(1);
    const released = (await readMap(survivor, 'staging')).map.microFrontends.legal!.find((v) => v.deployment.default);
    expect(released?.metadata.version).toBe(versions[0]);
    expect((await history()).filter(({ command }) => command.startsWith('slice rollback legal'))).toHaveLength(1);
  });

  it("after it made a token: the administrator's retry through the next instance gets that token, not a second", async () => {
    const tokens = async () => {
      const answer = await call(survivor, '/tokens', { headers: { authorization: `Bearer ${adminToken}` } });
      return ((await answer.json()) as { tokens: { id: string; team: string }[] }).tokens;
    };
    const before = await tokens();
    const dying = await dyingOnWrite(await instanceProcess(databaseUrl), 'after commit', 'POST');
    const create = 'token create --team contact --slices contact --env staging'.split(' ');
    const run = await sliceCli([dying.url, survivor]).as(adminToken)('staging', ...create);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(dying.writes()).toBe(1);
    const [, id, token] = /^Token ([0-9a-f]{16}) of the contact team: .*\n(nova_\S+)\n/.exec(run.stdout) ?? [];
    const made = (await tokens()).filter((listed) => !before.some(({ id }) => id === listed.id));
    expect(made.map((listed) => listed.id)).toEqual([id]);
    const asContact = await call(survivor, '/environments/staging/history?slice=contact', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asContact.status).toBe(200);
  });
});
