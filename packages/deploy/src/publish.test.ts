// @vitest-environment node
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sliceVersion } from '@nova/contracts/remote-map';
import { readRemoteMap } from './deployment-root.js';
import { buildVersion, publish } from './publish.js';
import { repoRoot } from '@nova/tooling/repo-root';

const folders: string[] = [];
const temporary = () => {
  const folder = mkdtempSync(join(tmpdir(), 'nova-deploy-test-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The pages legal's builds declare in these tests. */
const legalPages = [
  { path: '/terms-and-conditions', module: 'TermsPage', title: 'Terms and Conditions' },
  { path: '/privacy-policy', module: 'PrivacyPage', title: 'Privacy Policy' },
];

/** A build of the legal slice, as its build script leaves it (`pages`: its manifest's, or none). */
function legalBuild(page = 'export default 1;', pages: unknown = legalPages) {
  const dist = temporary();
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'legal', ...(pages ? { pages } : {}) }));
  writeFileSync(join(dist, 'remoteEntry.js'), 'export {}');
  writeFileSync(join(dist, 'assets/TermsPage.js'), page);
  return dist;
}
const legalPackageVersion = JSON.parse(readFileSync(join(repoRoot, 'mfe-legal/package.json'), 'utf8')).version;
const now = new Date(Date.UTC(2026, 10, 22, 12));

describe('publishing a slice', () => {
  it('names a build by its package version and a hash of its files: the same build, the same version', () => {
    const version = buildVersion(legalBuild(), '1.0.0');
    expect(version).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);
    expect(buildVersion(legalBuild(), '1.0.0')).toBe(version);
    expect(buildVersion(legalBuild('export default 2;'), '1.0.0')).not.toBe(version);
  });

  it('builds the slice, copies the build whole into a folder of its version and lists it, not released', async () => {
    const root = temporary();
    const dist = legalBuild();
    const build = vi.fn(() => dist);
    const version = await publish({ root, slice: 'legal', build, now });

    expect(build).toHaveBeenCalledWith('legal');
    expect(version).toBe(buildVersion(dist, legalPackageVersion));
    const folder = join(root, 'legal', version);
    expect(readFileSync(join(folder, 'assets/TermsPage.js'), 'utf8')).toBe('export default 1;');
    expect(JSON.parse(readFileSync(join(folder, 'deployment.json'), 'utf8'))).toMatchObject({
      slice: 'legal',
      version,
      builtFrom: { builtAt: now.toISOString(), commit: expect.any(String), dirty: expect.any(Boolean) },
    });
    const listed = sliceVersion({
      url: `http://localhost:4176/${version}/mf-manifest.json`,
      version,
      integrity: expect.stringMatching(/^sha256-/),
      released: false,
    });
    expect(readRemoteMap(root).microFrontends.legal).toEqual([
      {
        ...listed,
        metadata: { ...listed.metadata, pages: legalPages },
        extras: { builtFrom: expect.objectContaining({ builtAt: now.toISOString() }) },
      },
    ]);
  });

  it('records the pages the build declares, and refuses one that declares none or pages a map does not take', async () => {
    const root = temporary();
    const version = await publish({ root, slice: 'legal', build: () => legalBuild(), now });
    expect(readRemoteMap(root).microFrontends.legal?.[0]?.metadata).toMatchObject({ version, pages: legalPages });

    const unmarked = legalBuild('export default 2;', null);
    await expect(publish({ root, slice: 'legal', build: () => unmarked, now })).rejects.toThrow(
      `${unmarked}/mf-manifest.json has no "pages" field: a build declares its pages there`,
    );
    const odd = legalBuild('export default 3;', [{ path: 'privacy', module: 'PrivacyPage', title: 'Privacy' }]);
    await expect(publish({ root, slice: 'legal', build: () => odd, now })).rejects.toThrow(
      `${odd}/mf-manifest.json's "pages"[0]: its path must start with /`,
    );
    // Refused before anything is copied or listed.
    expect(readdirSync(join(root, 'legal'))).toEqual([version]);
    expect(readRemoteMap(root).microFrontends.legal).toHaveLength(1);
  });

  it("writes the root's environment into the map it lists a version in", async () => {
    const root = temporary();
    const environment = {
      slices: {
        legal: { origins: ['https://legal.cdn.example', 'https://legal-b.cdn.example'], paths: ['/legal/*'] },
      },
    };
    writeFileSync(join(root, 'environment.json'), JSON.stringify(environment));
    await publish({ root, slice: 'legal', build: () => legalBuild(), now });
    expect(readRemoteMap(root).environment?.slices).toEqual({
      marketing: { origins: ['http://localhost:4174'], paths: ['/'] },
      games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
      legal: environment.slices.legal,
      contact: { origins: ['http://localhost:4177'], paths: ['/contact'] },
    });
  });

  it("publishes a slice this workspace does not have from a build, with its own folder's version", async () => {
    const root = temporary();
    const project = temporary();
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'news', version: '0.3.0' }));
    const environment = { slices: { news: { origins: ['https://news.cdn.example'], paths: ['/news/*'] } } };
    writeFileSync(join(root, 'environment.json'), JSON.stringify(environment));
    const pages = [{ path: '/news', module: 'NewsPage', title: 'News' }];
    const dist = legalBuild('export default "news";', pages);
    vi.spyOn(process, 'cwd').mockReturnValue(project);
    const version = await publish({ root, slice: 'news', build: () => dist, now });
    expect(version).toMatch(/^0\.3\.0-[0-9a-f]{8}$/);
    expect(readRemoteMap(root).microFrontends.news?.[0]).toMatchObject({
      url: `https://news.cdn.example/${version}/mf-manifest.json`,
      metadata: { version, pages },
    });
    await expect(publish({ root: temporary(), slice: 'news', build: () => dist, now })).rejects.toThrow(
      "'s environment has no origin for news: give it one (slice environment --root",
    );
  });

  it('keeps versions side by side, and publishing one again changes nothing', async () => {
    const root = temporary();
    const first = await publish({ root, slice: 'legal', build: () => legalBuild(), now });
    const second = await publish({ root, slice: 'legal', build: () => legalBuild('export default 2;'), now });
    const mapBefore = readFileSync(join(root, 'remotes.json'), 'utf8');
    expect(await publish({ root, slice: 'legal', build: () => legalBuild(), now: new Date() })).toBe(first);
    expect(readFileSync(join(root, 'remotes.json'), 'utf8')).toBe(mapBefore);
    expect(existsSync(join(root, 'legal', first))).toBe(true);
    expect(existsSync(join(root, 'legal', second))).toBe(true);
  });

  it('serves each slice from the origin the environment gives it', async () => {
    const root = temporary();
    writeFileSync(join(root, 'environment.json'), JSON.stringify({ origins: { legal: 'https://legal.cdn.example' } }));
    const version = await publish({ root, slice: 'legal', build: () => legalBuild(), now });
    expect(readRemoteMap(root).microFrontends.legal?.[0]?.url).toBe(
      `https://legal.cdn.example/${version}/mf-manifest.json`,
    );
  });

  it('counts every entry of a build in its version, an empty folder too', () => {
    const dist = legalBuild();
    const version = buildVersion(dist, '1.0.0');
    mkdirSync(join(dist, 'assets/empty'));
    expect(buildVersion(dist, '1.0.0')).not.toBe(version);
  });

  it('refuses a build that holds a symbolic link, naming it: nothing is copied or listed', async () => {
    const secret = join(temporary(), 'secret.txt');
    writeFileSync(secret, 'not part of any build');
    const dist = legalBuild();
    symlinkSync(secret, join(dist, 'assets/leak.txt'));
    const root = temporary();
    await expect(publish({ root, slice: 'legal', build: () => dist, now })).rejects.toThrow(
      `${dist} holds assets/leak.txt, a symbolic link: a build is plain files and folders, so it is not published.`,
    );
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a build that holds anything but plain files and folders (a socket)', async () => {
    const dist = legalBuild();
    const socket = createServer();
    await new Promise<void>((resolve) => socket.listen(join(dist, 'socket'), resolve));
    try {
      expect(() => buildVersion(dist, '1.0.0')).toThrow(
        `${dist} holds socket, neither a file nor a folder: a build is plain files and folders, so it is not published.`,
      );
    } finally {
      await new Promise((resolve) => socket.close(resolve));
    }
  });

  it('leaves a version folder readable by every origin server, whichever user it runs as', async () => {
    const root = temporary();
    const version = await publish({ root, slice: 'legal', build: () => legalBuild(), now });
    expect(statSync(join(root, 'legal', version)).mode & 0o777).toBe(0o755);
  });

  it('refuses a folder that is not a build of the slice', async () => {
    await expect(publish({ root: temporary(), slice: 'legal', build: () => temporary(), now })).rejects.toThrow(
      'has no mf-manifest.json',
    );
  });

  it('publishes the same build twice at once into one whole folder, listed once, with nothing left aside', async () => {
    const root = temporary();
    const dist = legalBuild();
    const [first, second] = await Promise.all([
      publish({ root, slice: 'legal', build: () => dist, now }),
      publish({ root, slice: 'legal', build: () => dist, now }),
    ]);
    expect(second).toBe(first);
    expect(readdirSync(join(root, 'legal'))).toEqual([first]);
    expect(readdirSync(join(root, 'legal', first)).sort()).toEqual([
      'assets',
      'deployment.json',
      'mf-manifest.json',
      'remoteEntry.js',
    ]);
    expect(readRemoteMap(root).microFrontends.legal?.map((listed) => listed.metadata.version)).toEqual([first]);
  });
});
