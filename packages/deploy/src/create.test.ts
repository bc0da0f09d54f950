// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { declaredPages, exposedModules } from '@nova/build-preset/slice-pages';
import { pagesProblems } from '@nova/contracts/pages';
import { repoRoot } from '@nova/tooling/repo-root';
import { cliOptions, commandNames } from './cli-options.js';
import { create, defaultNewSlicePort } from './create.js';
import { ciScript, nodeCheck } from './eject.js';
import { temporaryFolder } from './test-support.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
const temporary = () => temporaryFolder('nova-create-');

// git as on a machine with no settings, never this machine's.
beforeEach(() => {
  const settings = join(temporary(), 'gitconfig');
  writeFileSync(settings, '');
  vi.stubEnv('GIT_CONFIG_GLOBAL', settings);
  vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
});

/** Creates the slice `name` into a new folder; returns the folder, its files and what create printed. */
function created(name = 'new-releases', options: { registry?: string; port?: string } = {}) {
  const dir = join(temporary(), name);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  create({ name, dir, registry: options.registry, port: options.port });
  const printed = log.mock.calls.map((call) => call.join(' ')).join('\n');
  log.mockRestore();
  const file = (path: string) => readFileSync(join(dir, path), 'utf8');
  return { dir, file, json: (path: string) => JSON.parse(file(path)), printed };
}

const { catalog } = parse(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8'));

describe('slice create', () => {
  it('writes one page at /<name>: its component and test, its exposed module, its declaration, the fragment list and the harness', () => {
    const { dir, file, json } = created();
    const page = {
      path: '/new-releases',
      module: 'NewReleasesPage',
      title: 'New Releases',
    };
    expect(json('src/exposes/pages.json')).toEqual([page]);
    expect(pagesProblems('pages.json', json('src/exposes/pages.json'))).toEqual([]);
    expect(file('src/exposes/NewReleasesPage.ts')).toContain(
      "export default NewReleasesPage satisfies PageModule['default'];",
    );
    expect(file('src/new-releases/NewReleasesPage.tsx')).toContain("<title>{pageTitle('New Releases')}</title>");
    expect(file('src/new-releases/NewReleasesPage.test.tsx')).toContain(
      "expect(document.title).toBe('New Releases · Nova Reels');",
    );
    expect(file('src/exposes/fragment-list.ts')).toContain('fixedPathPages(pages)');
    expect(file('src/exposes/fragment-list.test.tsx')).toContain(
      "fragmentAddresses('new-releases', fragments, declared)",
    );
    expect(file('src/harness/main.tsx')).toContain(
      'declaredHarnessPages(pages, { NewReleasesPage: <NewReleasesPage /> })',
    );
    expect(file('index.html')).toContain('<script type="module" src="/src/harness/main.tsx"></script>');
    // What the build preset reads: the exposed module in the folder, the page showing it.
    expect(exposedModules(dir)).toEqual(['NewReleasesPage']);
    expect(declaredPages(dir, exposedModules(dir))).toEqual({ pages: [page], problems: [] });
  });

  it('builds with the build preset under its name, its dev server on --port (4180 unless told), slice dev a thousand up', () => {
    const byDefault = created('reviews');
    expect(byDefault.file('vite.config.ts')).toContain(
      `export default defineRemoteConfig('reviews', import.meta.dirname, { port: ${defaultNewSlicePort} });`,
    );
    expect(byDefault.json('package.json').scripts.dev).toBe(`${nodeCheck} && slice dev reviews --port 5180`);
    const told = created('reviews', { port: '4190' });
    expect(told.file('vite.config.ts')).toContain("defineRemoteConfig('reviews', import.meta.dirname, { port: 4190 })");
    expect(told.json('package.json').scripts.dev).toBe(`${nodeCheck} && slice dev reviews --port 5190`);
  });

  it("takes the platform packages by version from the registry and the rest at the catalog's, with eject's scripts, Node, patches and CI", () => {
    const { dir, file, json } = created('reviews', { registry: 'http://registry.example:4873' });
    const manifest = json('package.json');
    expect(manifest.name).toBe('mfe-reviews');
    const dependencies: Record<string, string> = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const [name, version] of Object.entries(dependencies)) {
      if (name.startsWith('@nova/')) expect(version, name).toMatch(/^\^\d+\.\d+\.\d+$/);
      else expect(version, name).toBe(catalog[name]);
    }
    expect(Object.keys(dependencies)).toEqual(
      expect.arrayContaining(['@nova/build-preset', '@nova/render', '@nova/ui', '@nova/deploy', 'react', 'vite']),
    );
    expect(manifest.scripts).toMatchObject({
      build: `${nodeCheck} && vite build`,
      test: `${nodeCheck} && tsc && vitest run`,
      'dev:alone': `${nodeCheck} && vite`,
      postinstall: 'patch-package',
    });
    expect(file('.npmrc')).toBe('@nova:registry=http://registry.example:4873/\n');
    expect(file('ci/run')).toBe(ciScript);
    expect(statSync(join(dir, 'ci/run')).mode & 0o111).not.toBe(0);
    expect(file('patches/@module-federation+vite+1.23.0.patch')).toContain('node_modules/@module-federation/vite/');
    expect(json('tsconfig.json').include).toEqual(['src', 'vite.config.ts']);
    expect(execFileSync('git', ['log', '--format=%s'], { cwd: dir, encoding: 'utf8' }).trim()).toBe(
      'The reviews slice, created with slice create',
    );
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' })).toBe('');
  });

  it('writes a README with the team’s path and the administrator adding the slice to an environment, in commands the CLI has', () => {
    const { file } = created('reviews');
    const readme = file('README.md');
    for (const part of [
      'npm install',
      'npm run dev:alone   # the slice alone in its harness: http://localhost:4180',
      'npm test',
      'npm run build',
      '## Add a page',
      'npx slice publish reviews --built --root <root>',
      'npx slice environment production --origins reviews=<origin> --paths reviews=/reviews/* --map <map>',
      'npx slice environment --root <root> --origins reviews=<origin> --paths reviews=/reviews/*',
    ])
      expect(readme).toContain(part);
    expect(readme.indexOf('## Add it to an environment')).toBeLessThan(readme.indexOf('## Ship'));
    // Every `npx slice` line names a command and options the CLI takes.
    const lines = [...readme.matchAll(/^npx slice (.*?)(?:\s+#.*)?$/gm)].map(([, line]) => line!);
    expect(lines.length).toBeGreaterThan(6);
    for (const line of lines) {
      const [command, ...words] = line.split(' ');
      expect(commandNames, line).toContain(command);
      for (const option of words.filter((word) => word.startsWith('--')))
        expect(Object.keys(cliOptions), line).toContain(option.slice(2));
    }
  });

  it('refuses a name that is no slice name or is a part of the workspace, a bad port, a folder that is not empty and a registry that is not a URL, writing nothing', () => {
    const dir = join(temporary(), 'new');
    const attempt = (name: string | undefined, options: { registry?: string; port?: string; dir?: string } = {}) =>
      create({ name, dir: options.dir ?? dir, registry: options.registry, port: options.port });
    const nameRule = 'Name the new slice: lower-case letters, digits and "-", starting with a letter, at most 32';
    expect(() => attempt(undefined)).toThrow(nameRule);
    expect(() => attempt('Reviews')).toThrow(nameRule);
    expect(() => attempt('__proto__')).toThrow(nameRule);
    expect(() => attempt('games')).toThrow(
      'games is a part of the workspace already: slice eject games writes its repository.',
    );
    expect(() => attempt('shell')).toThrow('shell is a part of the workspace already.');
    expect(() => attempt('reviews', { port: 'http' })).toThrow('--port: "http" is not a port from 1 to 65535.');
    expect(() => attempt('reviews', { registry: 'localhost:4873' })).toThrow(
      '--registry must be the http(s) URL of an npm registry, not "localhost:4873".',
    );
    expect(() => create({ name: 'reviews', dir: undefined, registry: undefined, port: undefined })).toThrow(
      '--dir <path>',
    );
    const full = temporary();
    writeFileSync(join(full, 'kept.txt'), 'mine');
    expect(() => attempt('reviews', { dir: full })).toThrow(`${full} is not empty: create writes a new repository.`);
    expect(readdirSync(full)).toEqual(['kept.txt']);
    expect(() => statSync(dir)).toThrow();
  });
});
