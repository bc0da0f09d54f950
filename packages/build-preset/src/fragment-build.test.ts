// @vitest-environment node
import { remoteBasePlaceholder } from '@nova/contracts/fragments';
import { slices, type SliceName } from '@nova/contracts/slices';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@nova/tooling/repo-root';
import { exposedModules, pagesFile } from './slice-pages.js';

/** A build takes seconds, more on a busy machine. */
const buildTimeout = 120_000;
const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');

/** A build run from the command line, not from Vitest: the federation plugin turns itself off under Vitest. */
const buildEnvironment = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$)/.test(key)),
);

const outDirs: string[] = [];
afterAll(() => Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Builds a remote as `pnpm --filter <remote> build` does (`vite build`), into a folder of its own. */
async function buildRemote(name: SliceName, ...options: string[]) {
  const outDir = await mkdtemp(join(tmpdir(), `nova-${name}-`));
  outDirs.push(outDir);
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...options],
    {
      cwd: join(repoRoot, slices[name].folder),
      env: buildEnvironment,
    },
  );
  const file = (path: string) => readFile(join(outDir, path));
  const json = async (path: string) => JSON.parse((await file(path)).toString());
  return { outDir, file, json };
}

/** Every file under `dir`, as paths relative to it. */
async function filesIn(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe.each(Object.keys(slices) as SliceName[])("the %s remote's build", (name) => {
  let built: Awaited<ReturnType<typeof buildRemote>>;
  beforeAll(async () => {
    built = await buildRemote(name);
  }, buildTimeout);

  it('puts the build id of its JavaScript in both manifests, and in the compressed mf-manifest.json', async () => {
    const { buildId, remote } = await built.json('fragments/manifest.json');
    expect(remote).toBe(name);
    expect(buildId).toMatch(/^[\w-]{12}$/);
    const browserManifest = await built.file('mf-manifest.json');
    expect(JSON.parse(browserManifest.toString()).buildId).toBe(buildId);
    expect(gunzipSync(await built.file('mf-manifest.json.gz'))).toEqual(browserManifest);
    expect(brotliDecompressSync(await built.file('mf-manifest.json.br'))).toEqual(browserManifest);
  });

  it('names the integrity of its remote entry in mf-manifest.json, compressed copies too (entry-integrity.js)', async () => {
    const browserManifest = await built.file('mf-manifest.json');
    const entry = await built.file('remoteEntry.js');
    expect(JSON.parse(browserManifest.toString()).remoteEntryIntegrity).toBe(
      `sha256-${createHash('sha256').update(entry).digest('base64')}`,
    );
    expect(gunzipSync(await built.file('mf-manifest.json.gz'))).toEqual(browserManifest);
    expect(brotliDecompressSync(await built.file('mf-manifest.json.br'))).toEqual(browserManifest);
  });

  it('exposes its src/exposes/<Page>.ts files and writes the pages it declares into mf-manifest.json, compressed copies too', async () => {
    const browserManifest = await built.file('mf-manifest.json');
    const { exposes, pages } = JSON.parse(browserManifest.toString());
    const folder = join(repoRoot, slices[name].folder);
    expect(exposes.map((expose: { name: string }) => expose.name).sort()).toEqual(exposedModules(folder));
    expect(pages).toEqual(JSON.parse(await readFile(join(folder, pagesFile), 'utf8')));
    expect(pages.length).toBeGreaterThan(0);
    expect(gunzipSync(await built.file('mf-manifest.json.gz'))).toEqual(browserManifest);
  });

  it('writes a fragment for every exposed page; the manifest lists every fragment file and no other', async () => {
    const { fragments, notFound } = await built.json('fragments/manifest.json');
    // games: Game Not Found, for every game address that names no game (its fragment list says so).
    expect(notFound).toEqual(name === 'games' ? { GamePage: 'GamePage.not-found.json' } : {});
    const listed = [...Object.values<string>(fragments), ...Object.values<string>(notFound)];
    expect((await filesIn(join(built.outDir, 'fragments'))).sort()).toEqual([...listed, 'manifest.json'].sort());
    const exposed = exposedModules(join(repoRoot, slices[name].folder));
    expect(new Set(listed.map((file) => file.replace(/[/.].*/, '')))).toEqual(new Set(exposed));
    for (const file of listed) {
      const fragment = await built.json(`fragments/${file}`);
      expect(Object.keys(fragment)).toEqual(['head', 'html']);
      expect(fragment.head).toMatch(/<title>[^<]*Nova Reels[^<]*<\/title>/);
      expect(fragment.html).toMatch(/<h1[ >]/);
    }
  });

  it('starts every image URL in its fragments with the placeholder, followed by a file of the build', async () => {
    const { fragments } = await built.json('fragments/manifest.json');
    const urls: string[] = [];
    for (const file of Object.values<string>(fragments)) {
      const { head, html } = await built.json(`fragments/${file}`);
      for (const [, url] of `${head}${html}`.matchAll(
        /<(?:img|link rel="preload" as="image")[^>]* (?:src|href)="([^"]+)"/g,
      ))
        urls.push(url!);
    }
    for (const url of urls) {
      expect(url.startsWith(`${remoteBasePlaceholder}/assets/`), url).toBe(true);
      expect(existsSync(join(built.outDir, url.slice(remoteBasePlaceholder.length + 1))), url).toBe(true);
    }
    expect(urls.length > 0).toBe(name === 'games' || name === 'marketing');
  });
});

it(
  'gives the same build id to the same JavaScript, and another to other JavaScript',
  { timeout: buildTimeout },
  async () => {
    const idOf = async (built: Awaited<ReturnType<typeof buildRemote>>) =>
      (await built.json('fragments/manifest.json')).buildId;
    const [first, again, unminified] = await Promise.all([
      buildRemote('legal'),
      buildRemote('legal'),
      buildRemote('legal', '--minify', 'false'),
    ]);
    expect(await idOf(again)).toBe(await idOf(first));
    expect(await idOf(unminified)).not.toBe(await idOf(first));
    expect((await unminified.json('mf-manifest.json')).buildId).toBe(await idOf(unminified));
  },
);
