// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyRemoteMap, releasedVersion } from '@nova/contracts/remote-map';
import {
  addVersion,
  canaryOf,
  canaryTimes,
  droppedPaths,
  listedVersion as versionIn,
  previousRelease,
  refuseDroppedPages,
  release,
  releaseCanary,
  rollback,
  sameCanary,
  withdrawCanary,
  withoutNewConflicts,
} from './map-changes.js';
import type { RemoteMapJson } from './map-store.js';
import { listedVersion } from './test-support.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute));
const released = (map: ReturnType<typeof emptyRemoteMap>) =>
  releasedVersion(map.microFrontends.legal ?? [])?.metadata.version;

const published = ['1.0.0-a', '1.1.0-b', '1.2.0-c'].reduce(
  (map, number) => addVersion(map, 'legal', listedVersion(number)),
  emptyRemoteMap(),
);

describe("an environment's map", () => {
  it('lists a published version once, not released', () => {
    const again = addVersion(published, 'legal', { ...listedVersion('1.1.0-b'), url: 'http://elsewhere/x.json' });
    expect(again.microFrontends.legal?.map((listed) => listed.metadata.version)).toEqual([
      '1.0.0-a',
      '1.1.0-b',
      '1.2.0-c',
    ]);
    expect(again.microFrontends.legal?.[1]?.url).toBe('http://localhost:4176/1.1.0-b/mf-manifest.json');
    expect(released(again)).toBeUndefined();
  });

  it('releases one version at a time, with all the traffic, and records when', () => {
    const map = release(release(published, 'legal', '1.0.0-a', at(1)), 'legal', '1.1.0-b', at(2));
    expect(released(map)).toBe('1.1.0-b');
    expect(map.microFrontends.legal?.map((listed) => listed.deployment)).toEqual([
      { traffic: 0, default: false },
      { traffic: 100, default: true },
      { traffic: 0, default: false },
    ]);
    expect(map.microFrontends.legal?.[1]?.extras?.releasedAt).toEqual([at(2).toISOString()]);
  });

  it('changes nothing when the released version is released again', () => {
    const map = release(published, 'legal', '1.0.0-a', at(1));
    expect(release(map, 'legal', '1.0.0-a', at(2))).toBe(map);
  });

  it('refuses to release a version it does not list', () => {
    expect(() => release(published, 'legal', '9.9.9-z', at(1))).toThrow(
      'legal has no version 9.9.9-z in this environment (see: pnpm slice:list).',
    );
  });

  it('rolls back to the version released before, and back again', () => {
    let map = release(release(published, 'legal', '1.0.0-a', at(1)), 'legal', '1.2.0-c', at(2));
    expect(previousRelease(map, 'legal')).toBe('1.0.0-a');
    ({ map } = rollback(map, 'legal', at(3)));
    expect(released(map)).toBe('1.0.0-a');
    ({ map } = rollback(map, 'legal', at(4)));
    expect(released(map)).toBe('1.2.0-c');
  });

  it('has nothing to roll back to before a second release', () => {
    expect(() => rollback(release(published, 'legal', '1.0.0-a', at(1)), 'legal', at(2))).toThrow(
      'legal has no earlier release to return to.',
    );
    expect(() => rollback(published, 'games', at(2))).toThrow('games has no earlier release to return to.');
  });

  it.each(['../../victim', '..', '.', '...', 'a/b', 'x'.repeat(65)])(
    'refuses to release, or roll back to, a version named %j: it is no version name',
    (version) => {
      const refusal = `legal version ${JSON.stringify(version)} is not a version name (letters, digits, ".", "_", "+" and "-", at most 64, not only dots).`;
      const odd = { ...listedVersion('1.0.0-a'), metadata: { integrity: 'sha256-a', version } };
      const listed = { ...emptyRemoteMap(), microFrontends: { legal: [odd] } };
      expect(() => release(listed, 'legal', version, at(1))).toThrow(refusal);
      // Released before the version released now: a rollback would return to it.
      const releasedBefore = { ...odd, extras: { releasedAt: [at(0).toISOString()] } };
      const now = release(addVersion(listed, 'legal', listedVersion('1.1.0-b')), 'legal', '1.1.0-b', at(1));
      const history = {
        ...now,
        microFrontends: { legal: [releasedBefore, ...(now.microFrontends.legal ?? []).slice(1)] },
      };
      expect(() => rollback(history, 'legal', at(2))).toThrow(refusal);
    },
  );

  it('leaves the other slices as they are', () => {
    const withGames = addVersion(published, 'games', listedVersion('2.0.0-g'));
    const map = release(withGames, 'legal', '1.0.0-a', at(1));
    expect(map.microFrontends.games).toBe(withGames.microFrontends.games);
  });
});

describe('a canary', () => {
  const withReleased = release(published, 'legal', '1.0.0-a', at(1));
  const deployments = (map: ReturnType<typeof emptyRemoteMap>) =>
    map.microFrontends.legal?.map((listed) => listed.deployment);

  it('takes its share from the released version, which stays the default; when is recorded', () => {
    const map = releaseCanary(withReleased, 'legal', '1.2.0-c', 10, at(2));
    expect(deployments(map)).toEqual([
      { traffic: 90, default: true },
      { traffic: 0, default: false },
      { traffic: 10, default: false },
    ]);
    const canary = map.microFrontends.legal?.[2];
    expect(canaryTimes(canary!)).toEqual([at(2).toISOString()]);
    expect(canary?.extras?.releasedAt ?? []).toEqual([]);
    expect(canaryOf(map, 'legal')).toEqual({ version: '1.2.0-c', share: 10, since: at(2).toISOString() });
    expect(released(map)).toBe('1.0.0-a');
  });

  it('replaces an earlier canary of the slice, whose traffic goes to 0', () => {
    const first = releaseCanary(withReleased, 'legal', '1.1.0-b', 10, at(2));
    const map = releaseCanary(first, 'legal', '1.2.0-c', 25, at(3));
    expect(deployments(map)).toEqual([
      { traffic: 75, default: true },
      { traffic: 0, default: false },
      { traffic: 25, default: false },
    ]);
    expect(sameCanary(canaryOf(first, 'legal'), canaryOf(map, 'legal'))).toBe(false);
  });

  it('is a new canary when set again later, even at the same version and share', () => {
    const first = releaseCanary(withReleased, 'legal', '1.2.0-c', 10, at(2));
    expect(releaseCanary(first, 'legal', '1.2.0-c', 10, at(3))).toBe(first);
    const again = releaseCanary(withdrawCanary(first, 'legal', at(3)), 'legal', '1.2.0-c', 10, at(4));
    expect(sameCanary(canaryOf(first, 'legal'), canaryOf(again, 'legal'))).toBe(false);
    expect(canaryTimes(again.microFrontends.legal![2]!)).toEqual([at(2).toISOString(), at(4).toISOString()]);
  });

  it('refuses a share that is not a whole percentage from 1 to 99, and the released version', () => {
    for (const share of [0, 100, 12.5, -3, Number.NaN]) {
      expect(() => releaseCanary(withReleased, 'legal', '1.2.0-c', share, at(2))).toThrow(
        `A canary's share is a whole percentage from 1 to 99, not ${share}.`,
      );
    }
    expect(() => releaseCanary(withReleased, 'legal', '1.0.0-a', 10, at(2))).toThrow(
      'legal 1.0.0-a is the released version, so it cannot be the canary.',
    );
    expect(() => releaseCanary(published, 'legal', '1.2.0-c', 10, at(2))).toThrow(
      'legal has no released version yet: release one before a canary.',
    );
    expect(() => releaseCanary(withReleased, 'legal', '9.9.9-z', 10, at(2))).toThrow('legal has no version 9.9.9-z');
  });

  it('is promoted by releasing it: all the traffic, recorded as a release', () => {
    const map = release(releaseCanary(withReleased, 'legal', '1.2.0-c', 10, at(2)), 'legal', '1.2.0-c', at(3));
    expect(deployments(map)).toEqual([
      { traffic: 0, default: false },
      { traffic: 0, default: false },
      { traffic: 100, default: true },
    ]);
    expect(map.microFrontends.legal?.[2]?.extras?.releasedAt).toEqual([at(3).toISOString()]);
    expect(canaryOf(map, 'legal')).toBeUndefined();
    expect(previousRelease(map, 'legal')).toBe('1.0.0-a');
  });

  it('is cleared by releasing another version, or the released one again (not a new release)', () => {
    const withCanary = releaseCanary(withReleased, 'legal', '1.2.0-c', 10, at(2));
    const other = release(withCanary, 'legal', '1.1.0-b', at(3));
    expect(deployments(other)).toEqual([
      { traffic: 0, default: false },
      { traffic: 100, default: true },
      { traffic: 0, default: false },
    ]);
    const same = release(withCanary, 'legal', '1.0.0-a', at(3));
    expect(deployments(same)).toEqual(deployments(withReleased));
    expect(same.microFrontends.legal?.[0]?.extras?.releasedAt).toEqual([at(1).toISOString()]);
  });

  it('is what a rollback ends first: all traffic back on the released version', () => {
    const twoReleases = release(withReleased, 'legal', '1.1.0-b', at(2));
    const withCanary = releaseCanary(twoReleases, 'legal', '1.2.0-c', 30, at(3));
    const first = rollback(withCanary, 'legal', at(4));
    expect(first).toMatchObject({ version: '1.1.0-b', withdrawn: '1.2.0-c' });
    expect(deployments(first.map)).toEqual(deployments(twoReleases));
    // With no canary left, a rollback returns to the version released before.
    const second = rollback(first.map, 'legal', at(5));
    expect(second).toEqual({ map: expect.anything(), version: '1.0.0-a' });
    expect(released(second.map)).toBe('1.0.0-a');
  });

  it('records each version a rollback takes back, so that it can no longer be previewed', () => {
    const twoReleases = release(withReleased, 'legal', '1.1.0-b', at(2));
    const withCanary = releaseCanary(twoReleases, 'legal', '1.2.0-c', 30, at(3));
    const rolledBackAt = (map: typeof withCanary) =>
      (map.microFrontends.legal ?? []).map(
        (listed) => (listed.extras as { rolledBackAt?: string[] } | undefined)?.rolledBackAt,
      );
    const first = rollback(withCanary, 'legal', at(4)).map;
    expect(rolledBackAt(first)).toEqual([undefined, undefined, [at(4).toISOString()]]);
    const second = rollback(first, 'legal', at(5)).map;
    expect(rolledBackAt(second)).toEqual([undefined, [at(5).toISOString()], [at(4).toISOString()]]);
  });

  it('is withdrawn only if there is one', () => {
    expect(withdrawCanary(withReleased, 'legal', at(2))).toBe(withReleased);
  });
});

describe('the pages a change may not bring or drop', () => {
  const page = (path: string, module = 'GamesPage') => ({ path, module, title: 'Games' });
  /** A games version declaring `paths` (none given: published before pages were declared). */
  const games = (version: string, paths?: string[]) => {
    const listed = { ...listedVersion(version), url: `http://localhost:4175/${version}/mf-manifest.json` };
    return paths ? { ...listed, metadata: { ...listed.metadata, pages: paths.map((path) => page(path)) } } : listed;
  };
  const environment = {
    slices: {
      games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
      contact: { origins: ['http://localhost:4177'], paths: ['/contact'] },
    },
  };
  const base = [
    games('1.0.0-a'),
    games('1.1.0-b', ['/games', '/games/:gameId', '/games/new']),
    games('1.2.0-c', ['/games', '/games/:gameId']),
    games('1.3.0-d', ['/games', '/games/:gameId', '/games/new', '/shop', '/contact']),
  ].reduce<RemoteMapJson>((map, listed) => addVersion(map, 'games', listed), { ...emptyRemoteMap(), environment });
  const withContact = addVersion(base, 'contact', {
    ...listedVersion('1.0.0-c'),
    url: 'http://localhost:4177/1.0.0-c/mf-manifest.json',
  });
  const live = release(release(withContact, 'games', '1.1.0-b', at(1)), 'contact', '1.0.0-c', at(1));

  it("names the paths of the released version a version does not declare (a legacy version's are the portal's then)", () => {
    expect(droppedPaths(live, 'games', versionIn(live, 'games', '1.2.0-c'))).toEqual(['/games/new']);
    expect(droppedPaths(live, 'games', versionIn(live, 'games', '1.0.0-a'))).toEqual(['/games/new']);
    expect(droppedPaths(live, 'games', versionIn(live, 'games', '1.3.0-d'))).toEqual([]);
    expect(droppedPaths(live, 'games', versionIn(live, 'games', '1.1.0-b'))).toEqual([]);
    expect(droppedPaths(base, 'games', versionIn(base, 'games', '1.2.0-c'))).toEqual([]);
  });

  it('refuses a release that drops a page unless it is asked for (--drop-pages)', () => {
    const candidate = versionIn(live, 'games', '1.2.0-c');
    expect(() => refuseDroppedPages(live, 'games', candidate, { dropPages: false })).toThrow(
      'games 1.2.0-c no longer serves /games/new: release it with --drop-pages.',
    );
    expect(() => refuseDroppedPages(live, 'games', candidate, { dropPages: false, doing: 'promote' })).toThrow(
      'games 1.2.0-c no longer serves /games/new: promote it with --drop-pages.',
    );
    expect(() => refuseDroppedPages(live, 'games', candidate, { dropPages: true })).not.toThrow();
  });

  it('lets a rollback drop the page the release brought', () => {
    const newer = release(live, 'games', '1.2.0-c', at(2));
    const back = release(newer, 'games', '1.1.0-b', at(3));
    const dropped = rollback(back, 'games', at(4)).map;
    expect(releasedVersion(dropped.microFrontends.games ?? [])?.metadata.version).toBe('1.2.0-c');
  });

  it("refuses a change whose live pages leave their paths or meet another slice's, saying each", () => {
    expect(withoutNewConflicts(live, release(live, 'games', '1.2.0-c', at(2)), 'Not released')).toEqual(
      release(live, 'games', '1.2.0-c', at(2)),
    );
    expect(() => withoutNewConflicts(live, release(live, 'games', '1.3.0-d', at(2)), 'Not released')).toThrow(
      "Not released: games 1.3.0-d declares /shop, outside games's paths (/games/*). " +
        "games 1.3.0-d declares /contact, outside games's paths (/games/*). " +
        'games 1.3.0-d declares /contact, which contact 1.0.0-c serves.',
    );
    expect(() =>
      withoutNewConflicts(live, releaseCanary(live, 'games', '1.3.0-d', 10, at(2)), 'Not released as the canary'),
    ).toThrow("Not released as the canary: games 1.3.0-d declares /shop, outside games's paths (/games/*).");
  });
});
