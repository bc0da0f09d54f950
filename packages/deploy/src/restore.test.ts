// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import { addVersion, release, releaseCanary } from './map-changes.js';
import { restoredSlice } from './restore.js';
import { listedVersion } from './test-support.ts';

const now = new Date('2026-11-28T10:00:00.000Z');
const listed = addVersion(
  addVersion(emptyRemoteMap(), 'legal', listedVersion('1.0.0-a')),
  'legal',
  listedVersion('1.0.1-b'),
);
const past = releaseCanary(release(listed, 'legal', '1.0.0-a', now), 'legal', '1.0.1-b', 25, now);
const withGames = addVersion(release(past, 'legal', '1.0.1-b', now), 'games', {
  ...listedVersion('2.0.0-g'),
  url: 'http://localhost:4175/2.0.0-g/mf-manifest.json',
});

describe("a slice's return to a revision", () => {
  it('gives the slice its entries exactly as they were, and leaves the other slices as they are', () => {
    const map = restoredSlice(withGames, 'legal', past, 7);
    expect(map.microFrontends.legal).toEqual(past.microFrontends.legal);
    expect(map.microFrontends.games).toBe(withGames.microFrontends.games);
  });

  it('changes nothing when the slice is already so', () => {
    expect(restoredSlice(past, 'legal', past, 7)).toBe(past);
  });

  it('refuses a revision where the slice listed nothing', () => {
    expect(() => restoredSlice(withGames, 'games', past, 7)).toThrow(
      'games listed nothing at revision 7: there is nothing to return to.',
    );
  });
});
