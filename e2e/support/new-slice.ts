// A slice the workspace does not have, as a new team starts one: `slice create` writes its
// repository, which installs the platform packages from a registry of the test's own (Verdaccio,
// filled as `pnpm platform:publish` fills it) and builds; and a discovery service whose
// administrator the test is (its token known), to add the slice to an environment and give its
// team a token with the slice CLI.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { listen, sliceHandler } from '../../scripts/local-origins.mjs';
import { forgetCachedPlatform, publishPlatformFromACopy, startRegistry } from './registry.ts';
import { sliceCli } from './slice-cli.ts';
import { repoRoot } from './site.ts';

/** What a CLI run printed, and how it ended (a refusal does not throw). */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command` without blocking this process (whose servers the command may talk to). */
const run = (command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  new Promise<Run>((resolve) => {
    execFile(command, args, { ...options, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

/** The workspace's slice CLI with `token` in SLICE_TOKEN. */
export const sliceWith = (token: string, ...args: string[]) =>
  run(process.execPath, [sliceCli, ...args], { env: { ...process.env, SLICE_TOKEN: token } });

/**
 * A team's shell: Node and npm, nothing of this workspace (no pnpm, none of its packages' programs
 * on the PATH, none of the settings pnpm passes to what it runs).
 */
const teamEnvironment: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_)/i.test(name))),
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => !folder.startsWith(repoRoot))
    .join(delimiter),
};

export interface CreatedSlice {
  /** Its repository, outside the workspace. */
  repository: string;
  /** Its build (`npm run build`'s dist/). */
  dist: string;
  /** A command in its repository, in the team's shell, with `token` in SLICE_TOKEN (if any). */
  team(token: string | undefined, command: string, ...args: string[]): Promise<Run>;
  /** Removes the repository. */
  remove(): void;
}

/**
 * A new slice `name` as `slice create` writes it, installed from a registry of its own on `port`
 * (which has the platform's packages, and is stopped before this returns) and built. Its steps'
 * durations go to `took`.
 */
export async function createdSlice(name: string, port: number, took: string[]): Promise<CreatedSlice> {
  const step = <T>(what: string, work: () => T): T => {
    const started = Date.now();
    const result = work();
    took.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const folder = mkdtempSync(join(tmpdir(), `nova-${name}-`));
  const repository = join(folder, name);
  const registry = await startRegistry({ port, folder: join(folder, 'registry') });
  try {
    step('platform:publish', () => publishPlatformFromACopy(registry.url));
    execFileSync(process.execPath, [sliceCli, 'create', name, '--dir', repository, '--registry', registry.url], {
      stdio: 'pipe',
    });
    const inRepository = (command: string, ...args: string[]) =>
      execFileSync(command, args, { cwd: repository, env: teamEnvironment, encoding: 'utf8', stdio: 'pipe' });
    forgetCachedPlatform(registry.url);
    step('npm install', () => inRepository('npm', 'install', '--prefer-offline', '--no-audit', '--no-fund'));
    step('npm run build', () => inRepository('npm', 'run', 'build'));
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await registry.stop();
  }
  return {
    repository,
    dist: join(repository, 'dist'),
    team: (token, command, ...args) =>
      run(command, args, { cwd: repository, env: { ...teamEnvironment, ...(token ? { SLICE_TOKEN: token } : {}) } }),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * A slice origin for the versions in `<root>/<slice>` (made if missing), as the local environment
 * serves one, on a free port: its URL, and how to stop it.
 */
export async function sliceOrigin(root: string, slice: string) {
  mkdirSync(join(root, slice), { recursive: true });
  const server = await listen(sliceHandler({ root: join(root, slice) }), 0);
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<unknown>((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

export { expect, test } from './discovery.ts';
