import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, previewLink, publishedVersion, test } from '../support/deployments.ts';
import { untilServerHtmlHydrated } from '../support/fixtures.ts';
import { retitledTerms } from '../support/legal-team.ts';
import {
  changedUnderPublishedVersions,
  forgetCachedPlatform,
  platformPackages,
  publishPlatform,
  startRegistry,
} from '../support/registry.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { repoRoot } from '../support/site.ts';
import { devCommand } from '../support/slice-dev.ts';

const termsHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/**
 * A team's shell: Node and npm, nothing of this workspace (no pnpm, none of its packages' programs
 * on the PATH, none of the settings pnpm passes to what it runs).
 */
const teamEnvironment = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_)/i.test(name))),
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => !folder.startsWith(repoRoot))
    .join(delimiter),
};

test('a team ships legal from a repository of its own: installed from a registry, tested, built, published, previewed and released', async ({
  page,
  request,
  deploy,
  browser,
}) => {
  // Measured here: about 4 minutes on two busy cores, most of it the install and the tests.
  test.setTimeout(15 * 60_000);
  const took: string[] = [];
  const step = <T>(what: string, run: () => T): T => {
    const started = Date.now();
    const result = run();
    took.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const folder = mkdtempSync(join(tmpdir(), 'nova-own-repository-'));
  const registry = await startRegistry({ port: await deploy.freePort(), folder: join(folder, 'registry') });
  try {
    // The platform's packages, built and published to a registry of the test's own.
    step('platform:publish', () =>
      execFileSync(process.execPath, ['scripts/pnpm.mjs', 'platform:publish', '--registry', registry.url], {
        cwd: repoRoot,
        stdio: 'pipe',
      }),
    );
    // What the registry has is what the packages are: nothing changed under a published version.
    expect(await changedUnderPublishedVersions(registry.url, platformPackages())).toEqual([]);
    // Publishing again changes nothing and is no error: every version is there already.
    expect(step('publish again', () => publishPlatform(registry.url))).toMatch(/no new packages/i);

    // The legal team's repository, outside this one: it renames its Terms page, and its tests with it.
    const repository = join(folder, 'legal');
    const sliceCli = join(repoRoot, 'packages/deploy/src/cli.js');
    execFileSync(process.execPath, [sliceCli, 'eject', 'legal', '--dir', repository, '--registry', registry.url]);
    for (const file of ['src/terms/TermsPage.tsx', 'src/document/LegalDocument.test.tsx']) {
      const path = join(repository, file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('Terms and Conditions', retitledTerms));
    }
    const team = (command: string, ...args: string[]) =>
      execFileSync(command, args, { cwd: repository, env: teamEnvironment, encoding: 'utf8', stdio: 'pipe' });
    // A git repository already: one commit, with everything eject wrote.
    const ejectedCommit = team('git', 'rev-parse', '--short', 'HEAD').trim();
    expect(team('git', 'rev-list', '--count', 'HEAD').trim()).toBe('1');

    // Installed with npm: @nova from the registry, the rest from npm's (through npm's cache).
    forgetCachedPlatform(registry.url);
    step('npm install', () => team('npm', 'install', '--prefer-offline', '--no-audit', '--no-fund'));
    const installed = (name: string) =>
      JSON.parse(readFileSync(join(repository, 'node_modules', name, 'package.json'), 'utf8'));
    expect(installed('@nova/ui').description).toBe(
      JSON.parse(readFileSync(join(repoRoot, 'packages/ui/package.json'), 'utf8')).description,
    );
    // patch-package applied the federation plugin's race fix to the copy npm installed.
    expect(readFileSync(join(repository, 'node_modules/@module-federation/vite/lib/index.js'), 'utf8')).not.toContain(
      'if (!this.getModuleInfo(pendingId) ||',
    );
    // The install brought the workspace's Node, and what npm runs runs on it, whatever the machine's.
    const runtime = installed(`node-${process.platform}-${process.arch}`).version;
    expect(team('npm', 'exec', '--call', 'node -p process.versions.node').trim()).toBe(runtime);
    const tested = step('npm test', () => team('npm', 'test'));
    expect(tested).toContain('> node scripts/check-node.js && tsc && vitest run');
    expect(stripVTControlCharacters(tested)).toMatch(/Tests +8 passed \(8\)/);
    step('npm run build', () => team('npm', 'run', 'build'));

    // Published into a running environment: not released, but previewed in one tab.
    const environment = await deploy.environment();
    const terms = `${environment.url}/terms-and-conditions`;
    const published = team('npx', 'slice', 'publish', 'legal', '--dist', 'dist', '--root', environment.root);
    const version = publishedVersion(published);
    expect(version, published).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);
    // Built from the ejected commit, with the team's changes on top (and the new lockfile).
    expect(team('npx', 'slice', 'list', '--root', environment.root)).toMatch(
      new RegExp(`${version} {2}built \\S+ from ${ejectedCommit} with local changes$`, 'm'),
    );
    await page.goto(terms);
    await expect(termsHeading(page)).toHaveText('Terms and Conditions');
    // The team's preview link, signed with the environment's key (the local root's key file).
    const link = previewLink(
      team('npx', 'slice', 'preview', 'legal', version!, '--root', environment.root, '--environment', environment.url),
    );
    expect(new URL(link).pathname).toBe('/terms-and-conditions');
    await page.goto(link);
    await expect(termsHeading(page)).toHaveText(retitledTerms);

    // Released after the contract check against the environment's shell, read over HTTP (from
    // this process: the CLI runs beside it, not blocking it).
    const { stdout: released } = await promisify(execFile)(
      'npx',
      ['slice', 'release', 'legal', version!, '--root', environment.root, '--environment', environment.url],
      { cwd: repository, env: teamEnvironment, encoding: 'utf8' },
    );
    expect(released).toBe(`legal ${version} is released.\n`);

    // Composed on the server: the first response holds the team's page and names its version.
    const html = await (await request.get(terms)).text();
    expect(html).toContain(`>${retitledTerms}</h1>`);
    expect(dataBlockOf(html)?.remotes.legal).toContain(`/${version}/`);
    // Hydrated in the browser (a tab of its own, with no preview) with the new build's
    // JavaScript, from that version's folder.
    const visitor = await page.context().newPage();
    const entry = visitor.waitForResponse((response) => response.url().includes(`/${version}/remoteEntry.js`));
    await visitor.goto(terms);
    await entry;
    await untilServerHtmlHydrated(visitor);
    await expect(termsHeading(visitor)).toHaveText(retitledTerms);
    const hydrated = await visitor
      .locator('[data-slot] > :not(style)')
      .first()
      .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));
    expect(hydrated).toBe(true);

    // npm run dev: the slice from its sources inside the environment, in a browser of its own.
    const devStarted = Date.now();
    const port = String(await deploy.freePort());
    const dev = await devCommand(
      'npm',
      ['run', 'dev', '--', '--root', environment.root, '--environment', environment.url, '--port', port],
      {
        cwd: repository,
        env: teamEnvironment,
      },
    );
    try {
      const developer = await (await browser.newContext()).newPage();
      const response = await developer.goto(dev.link);
      expect(dataBlockOf((await response?.text()) ?? '')?.overrides).toEqual({ legal: `http://localhost:${port}` });
      await expect(developer.getByRole('complementary', { name: 'Development override' })).toBeVisible();
      await expect(termsHeading(developer)).toHaveText(retitledTerms);
    } finally {
      await dev.stop();
    }
    took.push(`npm run dev ${((Date.now() - devStarted) / 1000).toFixed(1)} s`);
  } finally {
    test.info().annotations.push({ type: 'took', description: took.join(', ') });
    console.log(`own repository: ${took.join(', ')}`);
    await registry.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
