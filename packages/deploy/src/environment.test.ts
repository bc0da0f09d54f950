// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyRemoteMap, releasedVersion, type SliceVersion } from '@nova/contracts/remote-map';
import { addVersion, previousRelease, release, rollback } from './environment.js';

const version = (number: string): SliceVersion => ({
  url: `http://localhost:4176/${number}/mf-manifest.json`,
  metadata: { integrity: `sha256-${number}`, version: number },
  deployment: { traffic: 0, default: false },
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute));
const released = (map: ReturnType<typeof emptyRemoteMap>) =>
  releasedVersion(map.microFrontends.legal ?? [])?.metadata.version;

const published = ['1.0.0-a', '1.1.0-b', '1.2.0-c'].reduce(
  (map, number) => addVersion(map, 'legal', version(number)),
  emptyRemoteMap(),
);

describe('an environment', () => {
  it('lists a published version once, not released', () => {
    const again = addVersion(published, 'legal', { ...version('1.1.0-b'), url: 'http://elsewhere/x.json' });
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

  it('leaves the other slices as they are', () => {
    const withGames = addVersion(published, 'games', version('2.0.0-g'));
    const map = release(withGames, 'legal', '1.0.0-a', at(1));
    expect(map.microFrontends.games).toBe(withGames.microFrontends.games);
  });
});
