// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { declaredPages, exposedModules, pagesInManifest } from './slice-pages.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A slice's folder with `files` (paths under it), as its team wrote them. */
function slice(files: Record<string, string>) {
  const app = mkdtempSync(join(tmpdir(), 'nova-slice-pages-'));
  folders.push(app);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(app, path, '..'), { recursive: true });
    writeFileSync(join(app, path), text);
  }
  return app;
}

const page = (name: string) => `export default function ${name}() { return null; }\n`;
const reviews = [
  { path: '/reviews', module: 'ReviewsPage', title: 'Reviews' },
  { path: '/reviews/:reviewId', module: 'ReviewPage', title: 'Review' },
];

describe('exposedModules', () => {
  it('is every src/exposes/<Page>.ts of the slice, by name, and nothing else of that folder', () => {
    const app = slice({
      'src/exposes/ReviewsPage.ts': page('ReviewsPage'),
      'src/exposes/ReviewPage.ts': page('ReviewPage'),
      'src/exposes/fragment-list.ts': 'export const fragments = [];\n',
      'src/exposes/fragment-list.test.tsx': '',
      'src/exposes/ReviewPage.test.ts': '',
      'src/exposes/pages.json': '[]',
      'src/reviews/OtherPage.ts': page('OtherPage'),
    });
    expect(exposedModules(app)).toEqual(['ReviewPage', 'ReviewsPage']);
    expect(exposedModules(slice({}))).toEqual([]);
  });
});

describe('declaredPages', () => {
  it("is the slice's src/exposes/pages.json when every page is one and shows a module the slice exposes", () => {
    const app = slice({ 'src/exposes/pages.json': JSON.stringify(reviews) });
    expect(declaredPages(app, ['ReviewPage', 'ReviewsPage'])).toEqual({ pages: reviews, problems: [] });
  });

  it('names each page that shows a module the slice does not expose, and the file it would be', () => {
    const app = slice({ 'src/exposes/pages.json': JSON.stringify(reviews) });
    expect(declaredPages(app, ['ReviewsPage'])).toEqual({
      problems: [
        'src/exposes/pages.json: /reviews/:reviewId shows ReviewPage, which the slice does not expose (no src/exposes/ReviewPage.ts).',
      ],
    });
  });

  it('says what is wrong with a file that is missing, is not JSON or holds no page declarations', () => {
    expect(declaredPages(slice({}), []).problems).toEqual([
      'src/exposes/pages.json is missing: declare the slice\'s pages there, [{ "path", "module", "title" }].',
    ]);
    expect(declaredPages(slice({ 'src/exposes/pages.json': '[{' }), []).problems[0]).toMatch(
      /^src\/exposes\/pages\.json is not JSON: /,
    );
    const untitled = slice({ 'src/exposes/pages.json': JSON.stringify([{ path: '/reviews', module: 'ReviewsPage' }]) });
    expect(declaredPages(untitled, ['ReviewsPage']).problems).toEqual([
      'src/exposes/pages.json[0].title must be 1 to 80 characters of plain text.',
    ]);
  });
});

/**
 * A Vite build of the slice's exposed modules with the pages step, and a federation manifest
 * (mf-manifest.json) as the federation plugin emits it; resolves to the manifest as written.
 */
async function buildWithManifest(app: string) {
  let written = '';
  const federationManifest: Plugin = {
    name: 'federation-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mf-manifest.json', source: JSON.stringify({ name: 'reviews' }) });
    },
  };
  const keepManifest: Plugin = {
    name: 'keep-manifest',
    enforce: 'post',
    generateBundle(_, bundle) {
      const manifest = bundle['mf-manifest.json'];
      written = manifest?.type === 'asset' ? String(manifest.source) : '';
    },
  };
  await build({
    root: app,
    configFile: false,
    logLevel: 'silent',
    plugins: [federationManifest, pagesInManifest({ app, exposed: exposedModules(app) }), keepManifest],
    build: {
      write: false,
      rolldownOptions: { input: exposedModules(app).map((name) => join(app, 'src/exposes', `${name}.ts`)) },
    },
  });
  return JSON.parse(written);
}

describe("the build's pages step", { timeout: 30_000 }, () => {
  it("writes the slice's pages into its federation manifest", async () => {
    const app = slice({
      'src/exposes/ReviewsPage.ts': page('ReviewsPage'),
      'src/exposes/ReviewPage.ts': page('ReviewPage'),
      'src/exposes/pages.json': JSON.stringify(reviews),
    });
    expect(await buildWithManifest(app)).toEqual({ name: 'reviews', pages: reviews });
  });

  it('fails the build when a page shows a module the slice does not expose, saying which', async () => {
    const app = slice({
      'src/exposes/ReviewsPage.ts': page('ReviewsPage'),
      'src/exposes/pages.json': JSON.stringify(reviews),
    });
    await expect(buildWithManifest(app)).rejects.toThrow(
      "The slice's pages are not right:\nsrc/exposes/pages.json: /reviews/:reviewId shows ReviewPage, which the slice does not expose (no src/exposes/ReviewPage.ts).",
    );
  });
});
