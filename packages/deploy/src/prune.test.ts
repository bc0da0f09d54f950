// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyRemoteMap, sliceVersion, type RemoteMapJson, type SliceVersion } from '@nova/contracts/remote-map';
import { remoteMapFile, versionFolder } from './deployment-root.js';
import { fileMapStore } from './file-map-store.js';
import type { MapStore } from './map-store.js';
import { prune, pruned, verdicts } from './prune.js';

const now = new Date(Date.UTC(2026, 10, 22, 12));
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

/** A version published and released that many days ago (released last: the one marked released). */
const version = (number: string, publishedDaysAgo: number, releasedDaysAgo: number[] = []): SliceVersion => ({
  ...sliceVersion({
    url: `http://localhost:4176/${number}/mf-manifest.json`,
    version: number,
    integrity: `sha256-${number}`,
    released: false,
  }),
  extras: {
    builtFrom: { commit: 'abc1234', dirty: false, builtAt: daysAgo(publishedDaysAgo) },
    releasedAt: releasedDaysAgo.map(daysAgo),
  },
});
const released = (listed: SliceVersion): SliceVersion => ({ ...listed, deployment: { traffic: 100, default: true } });

// legal's history: a, b, c, a again, then d (released now); e is being previewed; f never was.
const legal = [
  version('1.0.0-a', 40, [39, 12]),
  version('1.1.0-b', 30, [29]),
  version('1.2.0-c', 20, [19]),
  released(version('1.3.0-d', 10, [9])),
  version('1.4.0-e', 2),
  version('1.0.1-f', 35),
];
const environmentMap = (): RemoteMapJson => ({ ...emptyRemoteMap(), microFrontends: { legal } });
const rule = { keepReleases: 3, keepDays: 7 };

describe('the prune rule', () => {
  it('keeps the released version, the last three versions released and what is in its preview window', () => {
    expect(verdicts(legal, rule, now).map(({ version, kept }) => [version, kept])).toEqual([
      ['1.0.0-a', ['one of the last 3 versions released']],
      ['1.1.0-b', []],
      ['1.2.0-c', ['one of the last 3 versions released']],
      ['1.3.0-d', ['released', 'one of the last 3 versions released']],
      ['1.4.0-e', ['published within the last 7 days (preview)']],
      ['1.0.1-f', []],
    ]);
  });

  it('counts each version once among the last releases, by its latest release', () => {
    const kept = verdicts(legal, { keepReleases: 2, keepDays: 0 }, now).filter(({ kept }) => kept.length > 0);
    expect(kept.map(({ version }) => version)).toEqual(['1.0.0-a', '1.3.0-d']);
  });

  it('keeps the canary, however old', () => {
    const withCanary = legal.map((listed) =>
      listed.metadata.version === '1.1.0-b' ? { ...listed, deployment: { traffic: 10, default: false } } : listed,
    );
    expect(verdicts(withCanary, rule, now)[1]).toMatchObject({ version: '1.1.0-b', kept: ['the canary'] });
  });

  it('keeps a version whose publish time it does not know', () => {
    const unknown = { ...version('0.9.0-z', 0), extras: {} };
    expect(verdicts([unknown], rule, now)[0]?.kept).toEqual(['its publish time is unknown']);
  });

  it('removes the others from the map, leaving other slices alone', () => {
    const games = [version('2.0.0-g', 90)];
    const { map, retired } = pruned({ ...environmentMap(), microFrontends: { legal, games } }, ['legal'], rule, now);
    expect(retired).toEqual([
      { slice: 'legal', version: '1.1.0-b' },
      { slice: 'legal', version: '1.0.1-f' },
    ]);
    expect(map.microFrontends.legal?.map((listed) => listed.metadata.version)).toEqual([
      '1.0.0-a',
      '1.2.0-c',
      '1.3.0-d',
      '1.4.0-e',
    ]);
    expect(map.microFrontends.games).toBe(games);
  });
});

describe('pruning an environment', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  function environment() {
    const root = mkdtempSync(join(tmpdir(), 'nova-prune-'));
    roots.push(root);
    writeFileSync(remoteMapFile(root), JSON.stringify(environmentMap()));
    for (const { metadata } of legal) {
      mkdirSync(versionFolder(root, 'legal', metadata.version), { recursive: true });
      writeFileSync(join(versionFolder(root, 'legal', metadata.version), 'mf-manifest.json'), '{}');
    }
    return root;
  }
  const folderOf = (root: string, number: string) => versionFolder(root, 'legal', number);

  it('in a dry run, only says what it would remove', async () => {
    const root = environment();
    const before = readFileSync(remoteMapFile(root), 'utf8');
    const { retired } = await prune({
      root,
      store: fileMapStore(remoteMapFile(root)),
      slices: ['legal'],
      now,
      dryRun: true,
    });
    expect(retired.map(({ version }) => version)).toEqual(['1.1.0-b', '1.0.1-f']);
    expect(readFileSync(remoteMapFile(root), 'utf8')).toBe(before);
    expect(existsSync(folderOf(root, '1.1.0-b'))).toBe(true);
  });

  it('deletes a version folder only after the map no longer lists it', async () => {
    const root = environment();
    const files = fileMapStore(remoteMapFile(root));
    const foldersWhenMapChanged: boolean[] = [];
    const store: MapStore = {
      ...files,
      async update(change) {
        foldersWhenMapChanged.push(existsSync(folderOf(root, '1.1.0-b')), existsSync(folderOf(root, '1.0.1-f')));
        const result = await files.update(change);
        foldersWhenMapChanged.push(existsSync(folderOf(root, '1.1.0-b')), existsSync(folderOf(root, '1.0.1-f')));
        return result;
      },
    };
    await prune({ root, store, slices: ['legal'], now });

    expect(foldersWhenMapChanged).toEqual([true, true, true, true]);
    const listed = (await files.read()).map.microFrontends.legal?.map((entry) => entry.metadata.version);
    expect(listed).toEqual(['1.0.0-a', '1.2.0-c', '1.3.0-d', '1.4.0-e']);
    for (const number of ['1.1.0-b', '1.0.1-f']) expect(existsSync(folderOf(root, number)), number).toBe(false);
    for (const number of listed ?? []) expect(existsSync(folderOf(root, number)), number).toBe(true);
  });

  it('deletes nothing when the map could not be changed', async () => {
    const root = environment();
    const files = fileMapStore(remoteMapFile(root));
    const failing: MapStore = {
      ...files,
      update: async () => {
        throw new Error('PUT https://discovery.example/remotes.json failed');
      },
    };
    await expect(prune({ root, store: failing, slices: ['legal'], now })).rejects.toThrow('failed');
    for (const { metadata } of legal) expect(existsSync(folderOf(root, metadata.version))).toBe(true);
  });

  it.each(['../../victim', '..', '.'])(
    'refuses a map that lists a version named %j, and deletes nothing, inside its root or out of it',
    (odd) => {
      // The root two folders down, so that "../../victim" leads to a folder of this test's own.
      const root = join(mkdtempSync(join(tmpdir(), 'nova-prune-outside-')), 'environment', 'deployments');
      roots.push(join(root, '../..'));
      mkdirSync(join(root, 'legal', '1.3.0-d'), { recursive: true });
      const victim = join(root, '../victim');
      mkdirSync(victim);
      writeFileSync(join(victim, 'keep.txt'), 'not a version');
      // An old version, published long ago and never released: the rule would retire it.
      const map = {
        ...emptyRemoteMap(),
        microFrontends: { legal: [released(version('1.3.0-d', 10, [9])), version(odd, 30)] },
      };
      writeFileSync(remoteMapFile(root), JSON.stringify(map));
      const before = readFileSync(remoteMapFile(root), 'utf8');

      let said = '';
      try {
        execFileSync(process.execPath, [join(import.meta.dirname, 'cli.js'), 'prune', 'legal', '--root', root], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (error) {
        said = String((error as { stderr: string }).stderr);
      }
      expect(said).toContain(
        `slice prune legal failed: legal version ${JSON.stringify(odd)} is not a version name (letters, digits, ".", "_", "+" and "-", at most 64, not only dots). Nothing was pruned: fix the map first.`,
      );
      expect(readFileSync(join(victim, 'keep.txt'), 'utf8')).toBe('not a version');
      expect(existsSync(join(root, 'legal', '1.3.0-d'))).toBe(true);
      expect(readFileSync(remoteMapFile(root), 'utf8')).toBe(before);
    },
  );

  it('from the CLI, prints what it removes and what it keeps, and why', () => {
    const root = environment();
    // The same history, ending today.
    const shift = Date.now() - now.getTime();
    const later = (at: string) => new Date(Date.parse(at) + shift).toISOString();
    const today = environmentMap();
    today.microFrontends.legal = legal.map((listed) => ({
      ...listed,
      extras: {
        builtFrom: { ...listed.extras!.builtFrom!, builtAt: later(listed.extras!.builtFrom!.builtAt) },
        releasedAt: listed.extras!.releasedAt!.map(later),
      },
    }));
    writeFileSync(remoteMapFile(root), JSON.stringify(today));
    const slice = (...args: string[]) =>
      execFileSync(process.execPath, [join(import.meta.dirname, 'cli.js'), ...args, '--root', root], {
        encoding: 'utf8',
      });

    const dryRun = slice('prune', 'legal', '--dry-run');
    expect(dryRun).toMatch(/^ {2}1\.1\.0-b {2}would remove: published \S+, last released \S+$/m);
    expect(dryRun).toContain('  1.3.0-d  kept: released; one of the last 3 versions released\n');
    expect(dryRun).toContain('  1.4.0-e  kept: published within the last 7 days (preview)\n');
    expect(dryRun).toContain('Would remove 2 versions (dry run: nothing changed).');
    expect(existsSync(folderOf(root, '1.1.0-b'))).toBe(true);

    const done = slice('prune', '--all', '--keep-releases', '2');
    expect(done).toMatch(/^ {2}1\.2\.0-c {2}removed: published \S+, last released \S+$/m);
    expect(done).toContain('Removed 3 versions from the map and their folders.');
    expect(existsSync(folderOf(root, '1.2.0-c'))).toBe(false);
  });
});
