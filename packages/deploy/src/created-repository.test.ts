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
import { repoRoot } from '@nova/tooling/repo-root';
import { forgetCachedPlatform, publishPlatformFromACopy } from '../../../registry/publish-platform.mjs';
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

it(
  'builds a created slice with its own npm run build against a registry of the platform packages: its manifest declares its page',
  { timeout: 20 * 60_000 },
  async () => {
    const registry = await startRegistry({ port: await freePort(), folder: join(folder, 'registry') });
    stopRegistry = registry.stop;
    // From a copy of the workspace: other tests read this one's dist/ meanwhile.
    publishPlatformFromACopy(registry.url);

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
    forgetCachedPlatform(registry.url);
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
