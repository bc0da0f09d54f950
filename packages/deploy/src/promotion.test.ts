// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import { addVersion, release } from './map-changes.js';
import { promoted } from './promotion.js';
import { listedVersion } from './test-support.ts';

const now = new Date('2026-11-28T10:00:00.000Z');
const built = { commit: 'abc1234', dirty: false, builtAt: '2026-11-27T09:00:00.000Z' };
/** 1.0.1-b as staging lists it: released there, with its build and staging's own records. */
const inStaging = {
  ...listedVersion('1.0.1-b'),
  deployment: { traffic: 100, default: true },
  extras: { builtFrom: built, releasedAt: ['2026-11-27T12:00:00.000Z'] },
};
const production = release(addVersion(emptyRemoteMap(), 'legal', listedVersion('1.0.0-a')), 'legal', '1.0.0-a', now);

describe('a promotion', () => {
  it("lists the exact artifact (URL, integrity, build) in the target and releases it there, without the source's records", () => {
    const map = promoted(production, 'legal', inStaging, undefined, now);
    expect(map.microFrontends.legal).toEqual([
      { ...production.microFrontends.legal![0], deployment: { traffic: 0, default: false } },
      {
        url: inStaging.url,
        metadata: inStaging.metadata,
        deployment: { traffic: 100, default: true },
        extras: { builtFrom: built, releasedAt: [now.toISOString()] },
      },
    ]);
  });

  it('makes it the canary with a share', () => {
    const map = promoted(production, 'legal', inStaging, 10, now);
    expect(map.microFrontends.legal?.map((entry) => [entry.metadata.version, entry.deployment])).toEqual([
      ['1.0.0-a', { traffic: 90, default: true }],
      ['1.0.1-b', { traffic: 10, default: false }],
    ]);
  });

  it('refuses when the target lists the version as another artifact', () => {
    const other = addVersion(production, 'legal', {
      ...listedVersion('1.0.1-b'),
      url: 'http://localhost:4176/x/mf-manifest.json',
    });
    expect(() => promoted(other, 'legal', inStaging, undefined, now)).toThrow(
      'The target lists legal 1.0.1-b as another artifact (http://localhost:4176/x/mf-manifest.json, sha256-1.0.1-b), not http://localhost:4176/1.0.1-b/mf-manifest.json (sha256-1.0.1-b): a promotion carries the exact artifact.',
    );
  });
});
