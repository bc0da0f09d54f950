// @vitest-environment node
// The slice CLI as a team runs it in a repository of its own, outside the workspace: real CLI
// processes in a temporary folder, the environment's shell build read over HTTP from a real server.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteMapJson } from '@nova/contracts/remote-map';
import { legacyPages } from '@nova/contracts/routes';
import { localSigningKey } from '@nova/signing/signing-key';
import { eject } from './eject.js';

const cli = join(import.meta.dirname, 'cli.js');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllEnvs();
});
const temporary = () => {
  const folder = mkdtempSync(join(tmpdir(), 'nova-own-repository-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
};

/** An environment's site that serves its shell's manifest (`null`: answers 404). */
async function site(shellManifest: object | null) {
  const server = createServer((request, response) => {
    if (request.url === '/mf-manifest.json' && shellManifest)
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(shellManifest));
    else response.writeHead(404).end('Not found');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  cleanups.push(() => new Promise((closed) => server.close(closed)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const shellOn = (contractsVersion: string) => ({ exposes: [], shared: [], contractsVersion });

/** The legal team's repository as `slice eject` writes it (git as on a machine with no settings). */
function ejectedLegal() {
  const settings = join(temporary(), 'gitconfig');
  writeFileSync(settings, '');
  vi.stubEnv('GIT_CONFIG_GLOBAL', settings);
  vi.stubEnv('GIT_CONFIG_NOSYSTEM', '1');
  const repository = join(temporary(), 'legal');
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  eject({ slice: 'legal', dir: repository, registry: undefined });
  log.mockRestore();
  return repository;
}

/** A bare repository for the legal team: package.json at 2.3.0, no workspace above it, no git. */
function bareLegal() {
  const repository = temporary();
  writeFileSync(join(repository, 'package.json'), JSON.stringify({ name: 'mfe-legal', version: '2.3.0' }));
  return repository;
}

/**
 * The legal team's repository (by default a bare one) and an environment's deployment root;
 * `build` writes dist/ as built against a version of @nova/contracts.
 */
function legalRepository(repository = bareLegal()) {
  const root = temporary();
  const build = (contractsVersion: string) => {
    const dist = join(repository, 'dist');
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(dist);
    const pages = legacyPages('legal');
    const exposes = pages.map(({ module }) => ({ name: module }));
    writeFileSync(
      join(dist, 'mf-manifest.json'),
      JSON.stringify({ name: 'legal', exposes, shared: [], contractsVersion, pages }),
    );
    writeFileSync(join(dist, 'remoteEntry.js'), `export const contracts = '${contractsVersion}';`);
  };
  /** One CLI run in the repository: its exit code and what it printed. */
  const slice = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        process.execPath,
        [cli, ...args, '--root', root],
        { cwd: repository, encoding: 'utf8' },
        (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  const map = () => JSON.parse(readFileSync(join(root, 'remotes.json'), 'utf8')) as RemoteMapJson;
  const released = () => map().microFrontends.legal?.find((listed) => listed.deployment.default)?.metadata.version;
  const publish = async (contractsVersion: string) => {
    build(contractsVersion);
    const { stdout, stderr } = await slice('publish', 'legal', '--built');
    const version = /^legal (\S+) is published\.$/m.exec(stdout)?.[1];
    if (!version) throw new Error(`publish failed: ${stderr}`);
    return version;
  };
  return { repository, root, build, slice, map, released, publish };
}

/** The `npx slice …` lines of a README's shell blocks, without their comments. */
const sliceCommandsOf = (readme: string) =>
  [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
    .flatMap(([, block]) => block!.split('\n'))
    .filter((line) => line.startsWith('npx slice '))
    .map((line) => line.replace(/\s+#.*$/, '').trim());

describe('the slice CLI in a repository of its own', { timeout: 60_000 }, () => {
  it("publishes the repository's build under its package version, and releases it after checking the environment's shell over HTTP", async () => {
    const legal = legalRepository();
    const environment = await site(shellOn('1.2.0'));
    const version = await legal.publish('1.0.0');
    expect(version).toMatch(/^2\.3\.0-[0-9a-f]{8}$/);
    expect(legal.map().microFrontends.legal?.[0]?.extras?.builtFrom).toEqual({
      dirty: true,
      builtAt: expect.any(String),
    });

    const released = await legal.slice('release', 'legal', version, '--environment', environment);
    expect(released).toMatchObject({ code: 0, stdout: `legal ${version} is released.\n` });
    expect(legal.released()).toBe(version);
  });

  it('refuses a build against another major of @nova/contracts at release and as a canary, saying which the shell has and which it needs', async () => {
    const legal = legalRepository();
    const environment = await site(shellOn('1.2.0'));
    const fits = await legal.publish('1.0.0');
    expect((await legal.slice('release', 'legal', fits, '--environment', environment)).code).toBe(0);
    const newer = await legal.publish('2.0.0');
    const before = legal.map();

    const reason = `legal ${newer} was built against @nova/contracts 2.0.0 (major 2); the environment's shell provides @nova/contracts 1.2.0 (major 1)`;
    const release = await legal.slice('release', 'legal', newer, '--environment', environment);
    expect(release.code).toBe(1);
    expect(release.stderr).toContain(`Not released: ${reason}`);
    const canary = await legal.slice('release', 'legal', newer, '--traffic', '10', '--environment', environment);
    expect(canary.code).toBe(1);
    expect(canary.stderr).toContain(`Not released as the canary: ${reason}`);
    expect(legal.map()).toEqual(before);

    // --shell-manifest names the shell build itself: a file here, as the workspace's default is.
    const shellFile = join(legal.repository, 'shell-manifest.json');
    writeFileSync(shellFile, JSON.stringify(shellOn('2.1.0')));
    expect((await legal.slice('release', 'legal', newer, '--shell-manifest', shellFile)).code).toBe(0);
    expect(legal.released()).toBe(newer);
  });

  it('refuses to release when the shell build cannot be read, naming where it looked; nothing changes', async () => {
    const legal = legalRepository();
    const version = await legal.publish('1.0.0');
    const before = legal.map();
    const missing = await site(null);
    const notFound = await legal.slice('release', 'legal', version, '--environment', missing);
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toContain(
      `Could not read the shell's manifest at ${missing}/mf-manifest.json (it answered 404): name the environment's shell build with --shell-manifest.`,
    );
    const notManifest = await site({ hello: 'world' });
    expect((await legal.slice('release', 'legal', version, '--environment', notManifest)).stderr).toContain(
      `the shell's manifest at ${notManifest}/mf-manifest.json is not a federation manifest (mf-manifest.json).`,
    );
    expect(legal.map()).toEqual(before);
  });

  it('says plainly when a version records no commit, with nothing from git, and names the commit in a repository that has one', async () => {
    const legal = legalRepository();
    legal.build('1.0.0');
    const noRepository = await legal.slice('publish', 'legal', '--built');
    expect(noRepository).toMatchObject({ code: 0, stderr: '' });
    const note = 'legal: not in a git repository (or no commit yet), so this version records no commit.';
    expect(noRepository.stdout).toContain(note);

    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Lee', '-c', 'user.email=lee@legal.example', ...args], {
        cwd: legal.repository,
        encoding: 'utf8',
        stdio: 'pipe',
      }).trim();
    git('init', '--quiet');
    writeFileSync(join(legal.repository, '.gitignore'), 'dist/\n');
    legal.build('1.0.1');
    const noCommit = await legal.slice('publish', 'legal', '--built');
    expect(noCommit).toMatchObject({ code: 0, stderr: '' });
    expect(noCommit.stdout).toContain(note);

    git('add', '--all');
    git('commit', '--quiet', '-m', 'legal');
    legal.build('1.0.2');
    const committed = await legal.slice('publish', 'legal', '--built');
    expect(committed).toMatchObject({ code: 0, stderr: '' });
    expect(committed.stdout).not.toContain('records no commit');
    expect(legal.map().microFrontends.legal?.at(-1)?.extras?.builtFrom).toEqual({
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: false,
      builtAt: expect.any(String),
    });
  });

  it("runs the ejected README's commands as written: each names a command and options the CLI has; a version built there names its commit", async () => {
    const legal = legalRepository(ejectedLegal());
    const readme = readFileSync(join(legal.repository, 'README.md'), 'utf8');
    const commands = sliceCommandsOf(readme);
    expect(commands.map((line) => line.split(' ')[2])).toEqual([
      'publish',
      'preview',
      'release',
      'release',
      'list',
      'rollback',
    ]);
    // The composer previews only what a signed link names: no bare <slice>@<version> link.
    expect(readme).not.toContain('?preview=legal@');

    localSigningKey(legal.root);
    const environment = await site(shellOn('1.2.0'));
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: legal.repository, encoding: 'utf8' });
    legal.build('1.0.0');
    let version = '';
    const runs = [];
    for (const command of commands) {
      // As written, but for the placeholders; --root and the environment are the test's (the run adds them).
      const args = command.replace(' --root <root>', '').replace('<version>', version).split(' ').slice(2);
      const ran = await legal.slice(...args, '--environment', environment);
      // An unknown command, an unknown option or one without its value stops before any command runs.
      expect(ran.stderr, command).not.toMatch(/ERR_PARSE_ARGS|Usage: slice </);
      version ||= /^legal (\S+) is published\.$/m.exec(ran.stdout)?.[1] ?? '';
      runs.push(ran);
    }
    const [published, previewed, released, , listed] = runs;
    expect(published).toMatchObject({ code: 0, stderr: '' });
    expect(published!.stdout).not.toContain('records no commit');
    expect(legal.map().microFrontends.legal?.[0]?.extras?.builtFrom).toMatchObject({
      commit: commit.trim(),
      dirty: false,
    });
    expect(previewed).toMatchObject({ code: 0, stdout: expect.stringContaining(`Preview of legal ${version} until `) });
    const link = new URL(previewed!.stdout.trim().split('\n').at(-1)!);
    expect(link.origin + link.pathname).toBe(`${environment}/terms-and-conditions`);
    expect(link.searchParams.get('preview')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(released).toMatchObject({ code: 0, stdout: `legal ${version} is released.\n` });
    expect(listed).toMatchObject({ code: 0, stdout: expect.stringContaining(`* ${version}  built `) });
  });

  it('says to build first when asked to build a slice outside the workspace', async () => {
    const legal = legalRepository();
    const published = await legal.slice('publish', 'legal');
    expect(published.code).toBe(1);
    expect(published.stderr).toContain(
      `${legal.repository} is not in the Nova Reels workspace: build legal first (npm run build), then publish it with --built or --dist.`,
    );
  });
});
