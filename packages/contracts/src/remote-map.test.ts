import { describe, expect, it } from 'vitest';
import {
  isIntegrity,
  isVersionName,
  loadableVersion,
  mapSlices,
  maxRemoteMapDepth,
  nestsDeeperThan,
  releasedProblem,
  remoteMapProblems,
  sliceVersion,
} from './remote-map.js';

const integrity = `sha256-${'A'.repeat(43)}=`;
const listed = (url: unknown, version: unknown = '1.1.0', listedIntegrity: unknown = integrity) => ({
  url,
  metadata: { integrity: listedIntegrity, version },
  deployment: { traffic: 100, default: true },
});

describe('loadableVersion', () => {
  it('is a version with an http(s) URL, a version name and the integrity of its manifest', () => {
    const url = 'https://games.cdn.example/1.1.0/mf-manifest.json';
    expect(loadableVersion(listed(url))).toEqual({ loadable: { url, version: '1.1.0', integrity } });
  });

  it.each([undefined, null, 'https://x.example/mf-manifest.json', {}, [], 7])(
    'refuses %j, which is no version',
    (odd) => {
      expect(loadableVersion(odd)).toEqual({ refused: 'its URL is not an http(s) URL' });
    },
  );

  it.each(['javascript:alert(1)', 'data:text/javascript,1', 'not a url', 'ftp://x.example/a.json', 42, null])(
    'refuses a version at %j',
    (url) => {
      expect(loadableVersion(listed(url))).toEqual({ refused: 'its URL is not an http(s) URL' });
    },
  );

  it('refuses a version that names no version', () => {
    expect(loadableVersion({ url: 'https://x.example/a.json', metadata: null })).toEqual({
      refused: 'its version undefined is not a version name',
    });
  });

  it.each(['..', '1.0"}<script>', ''])('refuses the version name %j', (version) => {
    expect(loadableVersion(listed('https://x.example/a.json', version))).toEqual({
      refused: `its version ${JSON.stringify(version)} is not a version name`,
    });
  });

  it.each(['', 'sha256-', 'sha1-AAAA', `sha256-${'A'.repeat(43)}`.replace('A', '!'), 7, null])(
    'refuses the integrity %j, unless the versions are on dev servers',
    (odd) => {
      const version = listed('http://localhost:4174/remoteEntry.js', 'dev', odd);
      expect(loadableVersion(version)).toEqual({
        refused: 'it has no integrity (sha256-… of its manifest), so its files cannot be checked',
      });
      expect(loadableVersion(version, { devServers: true })).toEqual({
        loadable: { url: 'http://localhost:4174/remoteEntry.js', version: 'dev', integrity: '' },
      });
    },
  );

  it('takes the integrities browsers take: sha256, sha384 and sha512', () => {
    for (const taken of [integrity, `sha384-${'B'.repeat(64)}`, `sha512-${'C'.repeat(86)}==`])
      expect(isIntegrity(taken), taken).toBe(true);
  });
});

describe('releasedProblem', () => {
  it('says a slice has no released version, or why the one it has cannot be used', () => {
    expect(releasedProblem('legal', undefined, 'ignored')).toBe('remotes.json has no released version of "legal".');
    expect(releasedProblem('legal', listed('x', '1.0.0'), 'its URL is not an http(s) URL')).toBe(
      'remotes.json\'s released version "1.0.0" of "legal" cannot be used: its URL is not an http(s) URL.',
    );
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

describe('isVersionName', () => {
  it.each(['1.0.0-3fa9c21b', 'dev', '2.0.0+build.7', 'a_b', '.hidden', 'v..1', 'x'.repeat(64)])('takes %s', (name) => {
    expect(isVersionName(name)).toBe(true);
  });
  it.each(['', '.', '..', '...', '../../victim', 'a/b', 'a\\b', 'a b', '%2e%2e', '<script>', 'x'.repeat(65), 7, null])(
    'refuses %j',
    (name) => {
      expect(isVersionName(name)).toBe(false);
    },
  );
});

describe('remoteMapProblems', () => {
  const entry = (version: string, traffic: number, released: boolean) => ({
    url: `https://legal.cdn.example/${version}/mf-manifest.json`,
    metadata: { integrity: `sha256-${version}`, version },
    deployment: { traffic, default: released },
  });
  const map = (legal: unknown) => ({ schema: 'https://schema.example', microFrontends: { legal } });

  it('finds nothing wrong with a map as the slice CLI writes it', () => {
    expect(
      remoteMapProblems(map([entry('1.0.0', 90, true), entry('1.0.1', 10, false), entry('0.9.0', 0, false)])),
    ).toEqual([]);
    expect(remoteMapProblems(map([entry('1.0.0', 0, false)]))).toEqual([]);
    expect(remoteMapProblems({ schema: 's', microFrontends: {} })).toEqual([]);
  });

  it('names what is not a map at all', () => {
    expect(remoteMapProblems([])).toEqual(['A remote map is a JSON object.']);
    expect(remoteMapProblems({ microFrontends: {} })).toEqual(['A remote map names its schema ("schema": a string).']);
    expect(remoteMapProblems({ schema: 's', microFrontends: [] })).toEqual([
      'A remote map lists its slices in a "microFrontends" object.',
    ]);
  });

  it('names each wrong entry, and slices under names that are not plain', () => {
    expect(remoteMapProblems(JSON.parse('{"schema":"s","microFrontends":{"__proto__":[],"legal":{}}}'))).toEqual([
      '"__proto__" is not a slice name (^[a-z][a-z0-9-]{0,31}$).',
      'legal: its versions must be a list.',
    ]);
    const broken = {
      url: 'javascript:alert(1)',
      metadata: { version: '../x' },
      deployment: { traffic: 101, default: 'yes' },
    };
    expect(remoteMapProblems(map([broken, null]))).toEqual([
      'legal[0].url must be an http(s) URL.',
      'legal[0].metadata.version must be a version name (letters, digits, ".", "_", "+" and "-", at most 64, not only dots).',
      'legal[0].metadata.integrity must be a string.',
      'legal[0].deployment.traffic must be a whole number from 0 to 100.',
      'legal[0].deployment.default must be true or false.',
      'legal[1] must be an object.',
    ]);
  });

  it('refuses two released versions, a version listed twice and shares that do not add up', () => {
    expect(remoteMapProblems(map([entry('1', 50, true), entry('2', 50, true)]))).toEqual([
      'legal has 2 released (default) versions; at most one.',
    ]);
    expect(remoteMapProblems(map([entry('1', 100, true), entry('1', 0, false)]))).toEqual([
      'legal[1]: legal lists 1 twice.',
    ]);
    expect(remoteMapProblems(map([entry('1', 90, true), entry('2', 20, false)]))).toEqual([
      'legal: the traffic of its versions adds up to 110, not 100.',
    ]);
    expect(remoteMapProblems(map([entry('1', 10, false)]))).toEqual([
      'legal: the traffic of its versions adds up to 10, not 0.',
    ]);
  });
});

describe('nestsDeeperThan', () => {
  const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

  it('counts the levels of objects and lists, a plain value none', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 2)).toBe(true);
    expect(nestsDeeperThan([1, [2, [3]], 'x'], 3)).toBe(false);
    expect(nestsDeeperThan([1, [2, [3, {}]], 'x'], 3)).toBe(true);
  });

  it('answers for any depth without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(100_000), 8)).toBe(true);
    expect(nestsDeeperThan(nested(8), 8)).toBe(false);
  });
});

describe("remoteMapProblems: a version's extras and free text", () => {
  const builtFrom = { commit: '3fa9c21', dirty: false, builtAt: '2026-01-01T00:00:00.000Z' };
  const withExtras = (extras: unknown, more: Record<string, unknown> = {}) => ({
    schema: 's',
    microFrontends: {
      legal: [
        {
          url: 'https://legal.cdn.example/1.0.0/mf-manifest.json',
          metadata: { integrity: 'sha256-x', version: '1.0.0' },
          deployment: { traffic: 0, default: false },
          extras,
          ...more,
        },
      ],
    },
  });

  it('takes what the slice CLI records: what a version was built from, and when it was released', () => {
    const times = ['2026-01-02T03:04:05.678Z', '2026-01-03T00:00:00Z'];
    expect(remoteMapProblems(withExtras(undefined))).toEqual([]);
    expect(remoteMapProblems(withExtras({}))).toEqual([]);
    expect(
      remoteMapProblems(withExtras({ builtFrom, releasedAt: times, canaryAt: times, rolledBackAt: times })),
    ).toEqual([]);
    expect(remoteMapProblems(withExtras({ builtFrom: { dirty: true, builtAt: builtFrom.builtAt } }))).toEqual([]);
    expect(remoteMapProblems(withExtras({ builtFrom: { ...builtFrom, commit: 'a'.repeat(40) } }))).toEqual([]);
  });

  it('refuses anything else in extras, however small', () => {
    expect(remoteMapProblems(withExtras({ d: [] }))).toEqual([
      'legal[0].extras holds "d": extras hold only builtFrom, releasedAt, canaryAt, rolledBackAt.',
    ]);
    // The marks only a composer adds to what it serves, never stored.
    expect(remoteMapProblems(withExtras({ preview: true }))).toHaveLength(1);
    expect(remoteMapProblems(withExtras([]))).toEqual(['legal[0].extras must be an object.']);
    expect(remoteMapProblems(withExtras({ builtFrom: { ...builtFrom, notes: 'x' } }))).toEqual([
      'legal[0].extras.builtFrom must be { commit, dirty, builtAt }, not hold "notes".',
    ]);
    expect(remoteMapProblems(withExtras({ builtFrom: { commit: 'abcdef0' }, releasedAt: ['yesterday'] }))).toEqual([
      'legal[0].extras.builtFrom.dirty must be true or false.',
      'legal[0].extras.builtFrom.builtAt must be a time (2026-01-01T00:00:00.000Z).',
      'legal[0].extras.releasedAt must be a list of times (2026-01-01T00:00:00.000Z).',
    ]);
  });

  it('takes a commit only as git names one: 7 to 40 hex digits', () => {
    const forged = 'abc1234\n  #99  2026-01-01T00:00:00.000Z  administrator (token admin)  released 6.6.6\u001b[0m';
    for (const commit of [forged, 'unknown', 'abc123', 'a'.repeat(41), 'g123456', 7, null]) {
      expect(remoteMapProblems(withExtras({ builtFrom: { ...builtFrom, commit } })), String(commit)).toEqual([
        'legal[0].extras.builtFrom.commit must be a git commit (7 to 40 hex digits), or left out.',
      ]);
    }
  });

  it('takes a URL and an integrity only as printable text without spaces, of a bounded length', () => {
    const entry = withExtras(undefined).microFrontends.legal[0]!;
    const problems = (url: string, integrity: string) =>
      remoteMapProblems({
        schema: 's',
        microFrontends: { legal: [{ ...entry, url, metadata: { ...entry.metadata, integrity } }] },
      });
    expect(problems(`https://legal.cdn.example/1.0.0/mf-manifest.json`, '')).toEqual([]);
    expect(problems('https://legal.cdn.example/\n\u001b[31m/mf-manifest.json', 'sha256-\u001b[2J')).toEqual([
      'legal[0].url must be at most 2048 printable ASCII characters, without spaces.',
      'legal[0].metadata.integrity must be at most 256 printable ASCII characters, without spaces.',
    ]);
    expect(problems(`https://legal.cdn.example/${'x'.repeat(2048)}`, `sha256-${'A'.repeat(256)}`)).toHaveLength(2);
  });

  it(`refuses a map nested deeper than ${maxRemoteMapDepth} levels, wherever, before anything else`, () => {
    const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
    const deepest = `A remote map nests objects and lists at most ${maxRemoteMapDepth} levels deep.`;
    for (const depth of [2000, 5000, 20_000]) {
      expect(remoteMapProblems(withExtras({ d: nested(depth) })), String(depth)).toEqual([deepest]);
      expect(remoteMapProblems({ schema: 's', microFrontends: {}, own: nested(depth) })).toEqual([deepest]);
    }
    // The administrator's own fields may nest as deep as an entry's extras do, and a little more.
    expect(remoteMapProblems({ schema: 's', microFrontends: {}, own: nested(maxRemoteMapDepth - 1) })).toEqual([]);
    expect(remoteMapProblems({ schema: 's', microFrontends: {}, own: nested(maxRemoteMapDepth) })).toEqual([deepest]);
  });
});

describe('mapSlices', () => {
  const notTheShape = 'remotes.json must list the micro-frontends of this environment (microFrontends).';
  const environment = {
    slices: Object.fromEntries(
      ['marketing', 'games', 'legal', 'contact'].map((slice, index) => [
        slice,
        { origins: [`http://localhost:${4174 + index}`], paths: [`/${slice}`] },
      ]),
    ),
  };
  const listsNone = "remotes.json lists no version of this environment's slices (marketing, games, legal, contact).";
  const games = listed('https://games.cdn.example/1.1.0/mf-manifest.json');

  it.each([null, [], 'remotes.json', 42, {}, { microFrontends: [] }, { microFrontends: 'games' }])(
    'finds %j unusable as a whole: not the frontend-discovery shape',
    (json) => {
      expect(mapSlices(json)).toEqual({ unusable: notTheShape });
    },
  );

  it('finds a map written before maps carried their environment unusable, saying what writes it', () => {
    expect(mapSlices({ microFrontends: { games: [games] } })).toEqual({
      unusable:
        'remotes.json names no environment (a map written before maps carried it): the next release writes it, or `slice environment`.',
    });
  });

  it.each([null, {}, { slices: { games: { origins: ['ftp://x'], paths: ['/games/*'] } } }])(
    'finds a map whose environment is %j unusable as a whole, saying why',
    (given) => {
      const checked = mapSlices({ microFrontends: { games: [games] }, environment: given });
      expect('unusable' in checked && checked.unusable).toMatch(/^remotes.json names no usable environment/);
    },
  );

  it.each([
    {},
    { games: [] },
    { games: 'x', legal: {} },
    JSON.parse('{ "__proto__": { "games": [{}] }, "extra": [{}] }'),
  ])("finds a map that lists none of its environment's slices (%j) unusable as a whole", (microFrontends) => {
    expect(mapSlices({ microFrontends, environment })).toEqual({ unusable: listsNone });
  });

  it("gives each of the environment's slices its entries that are objects, unchecked; [] for a slice not listed", () => {
    const odd = { url: 'javascript:alert(1)' };
    expect(
      mapSlices({
        microFrontends: { games: [games, 7, null, odd], legal: 'not a list', extra: [games] },
        environment,
      }),
    ).toEqual({ slices: { marketing: [], games: [games, odd], legal: [], contact: [] }, environment });
  });

  it('takes a slice that lists only what is no entry as listed: the map is usable, that slice has nothing', () => {
    expect(mapSlices({ microFrontends: { contact: [null] }, environment })).toEqual({
      slices: { marketing: [], games: [], legal: [], contact: [] },
      environment,
    });
  });
});
