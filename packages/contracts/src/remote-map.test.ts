import { describe, expect, it } from 'vitest';
import { releasedUrl, sliceVersion } from './remote-map.js';

const version = (url: unknown, released: boolean) => ({
  url,
  metadata: { integrity: '', version: released ? '1.1.0' : '1.0.0' },
  deployment: { traffic: released ? 100 : 0, default: released },
});

describe('releasedUrl', () => {
  it("is the URL of the version marked default, whatever the list's order", () => {
    const released = 'https://games.cdn.example/1.1.0/mf-manifest.json';
    expect(
      releasedUrl([version('https://games.cdn.example/1.0.0/mf-manifest.json', false), version(released, true)]),
    ).toBe(released);
  });

  it.each([undefined, null, 'https://x.example/mf-manifest.json', {}, [], [null, 7, 'default']])(
    'is none for %j, which lists no versions',
    (versions) => {
      expect(releasedUrl(versions)).toBeUndefined();
    },
  );

  it.each(['javascript:alert(1)', 'data:text/javascript,1', 'not a url', 42, null])(
    'is none when the released version points at %j',
    (url) => {
      expect(releasedUrl([version(url, true)])).toBeUndefined();
    },
  );

  it('is none when no version is marked default, or only as a string', () => {
    expect(releasedUrl([version('https://x.example/a.json', false)])).toBeUndefined();
    expect(releasedUrl([{ url: 'https://x.example/a.json', deployment: { default: 'true' } }])).toBeUndefined();
  });
});

describe('sliceVersion', () => {
  const url = 'https://games.cdn.example/1.1.0/mf-manifest.json';

  it('is released by default: the default, with all the traffic and no integrity', () => {
    expect(sliceVersion({ url, version: '1.1.0' })).toEqual({
      url,
      metadata: { integrity: '', version: '1.1.0' },
      deployment: { traffic: 100, default: true },
    });
  });

  it('only lists a version not released: no traffic, not the default', () => {
    expect(sliceVersion({ url, version: '1.1.0', released: false }).deployment).toEqual({
      traffic: 0,
      default: false,
    });
  });

  it('gives a canary, not released, its share of the traffic', () => {
    expect(sliceVersion({ url, version: '1.1.0', released: false, traffic: 30 }).deployment).toEqual({
      traffic: 30,
      default: false,
    });
  });

  it('carries the integrity given', () => {
    expect(sliceVersion({ url, version: '1.1.0', integrity: 'sha256-abc' }).metadata).toEqual({
      integrity: 'sha256-abc',
      version: '1.1.0',
    });
  });
});
