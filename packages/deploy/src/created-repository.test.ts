// @vitest-environment node
// A slice `slice create` wrote, as its team works with it: outside this workspace, installed with
// npm from a registry that has the platform packages (a real Verdaccio, filled as
// `pnpm platform:publish` fills it), then its own tests and its own build. Slow: the publish, the
// install and the build take minutes on two busy cores.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, expect, it, vi } from 'vitest';
import { freePort } from '@nova/tooling/free-port';
import { npmEnvironment } from '@nova/tooling/npm-environment';
import { repoRoot } from '@nova/tooling/repo-root';
import { startRegistry } from '../../../registry/registry.mjs';
import { create } from './create.js';

const folder = mkdtempSync(join(tmpdir(), 'nova-created-repository-'));
let stopRegistry = async () => {};
afterAll(async () => {
  await stopRegistry();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * A team's shell: Node and npm, nothing of this workspace (no pnpm, none of its packages' programs
 * on the PATH, none of the settings pnpm passes to what it runs).
 */
const teamEnvironment = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_|VITEST|NODE_ENV$)/i.test(name))),
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !entry.startsWith(repoRoot))
    .join(delimiter),
};

/**
 * Makes npm's cache forget what it kept of the platform's packages from a registry at `url`: one
 * of an earlier run may have had this port, with other contents under the same versions.
 */
function forgetCachedPlatform(url: string, names: string[]) {
  const npm = (...args: string[]) => execFileSync('npm', args, { encoding: 'utf8', env: npmEnvironment() });
  const prefix = `make-fetch-happen:request-cache:${new URL(url).origin}/`;
  const kept = npm('cache', 'ls', ...names)
    .split('\n')
    .filter((key) => key.startsWith(prefix));
  if (kept.length > 0) npm('cache', 'clean', ...kept);
}

it(
  'builds a created slice with its own npm run build against a registry of the platform packages: its manifest declares its page',
  { timeout: 20 * 60_000 },
  async () => {
    const registry = await startRegistry({ port: await freePort(), folder: join(folder, 'registry') });
    stopRegistry = registry.stop;
    execFileSync(process.execPath, ['scripts/pnpm.mjs', 'platform:publish', '--registry', registry.url], {
      cwd: repoRoot,
      stdio: 'pipe',
    });

    // Written as the CLI writes it, with git as on a machine with no settings.
    const gitSettings = join(folder, 'gitconfig');
    writeFileSync(gitSettings, '');
    vi.stubEnv('GIT_CONFIG_GLOBAL', gitSettings);
    vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
    const repository = join(folder, 'new-releases');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    create({ name: 'new-releases', dir: repository, registry: registry.url, port: undefined });
    log.mockRestore();
    vi.unstubAllEnvs();

    const team = (command: string, ...args: string[]) =>
      execFileSync(command, args, { cwd: repository, env: teamEnvironment, encoding: 'utf8', stdio: 'pipe' });
    const manifest = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8'));
    const platform = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
      name.startsWith('@nova/'),
    );
    forgetCachedPlatform(registry.url, platform);
    team('npm', 'install', '--prefer-offline', '--no-audit', '--no-fund');

    // Its own tests: the types, the page's unit test and its fragment's hydration.
    const tested = stripVTControlCharacters(team('npm', 'test'));
    expect(tested).toMatch(/Test Files +2 passed \(2\)/);
    expect(tested).toMatch(/Tests +2 passed \(2\)/);

    team('npm', 'run', 'build');
    const dist = (path: string) => JSON.parse(readFileSync(join(repository, 'dist', path), 'utf8'));
    const built = dist('mf-manifest.json');
    expect(built.name).toBe('new-releases');
    expect(built.exposes.map(({ name }: { name: string }) => name)).toEqual(['NewReleasesPage']);
    expect(built.pages).toEqual([{ path: '/new-releases', module: 'NewReleasesPage', title: 'New Releases' }]);
    const fragments = dist('fragments/manifest.json');
    expect(fragments).toMatchObject({ remote: 'new-releases', fragments: { '/new-releases': 'NewReleasesPage.json' } });
    expect(dist('fragments/NewReleasesPage.json').head).toBe('<title>New Releases · Nova Reels</title>');
  },
);
