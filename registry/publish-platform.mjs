// @ts-check
// `pnpm platform:publish [--registry <url>]`: builds every platform package (each package under
// packages/ that is not private) and publishes to the registry (by default the local one, `pnpm
// registry`) each version it does not have yet; a version it has is left as it is (bump the
// version to publish a change). pnpm publishes them: it writes `workspace:` and `catalog:` as the
// versions they stand for, and each package's publishConfig points its exports at dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import { pinnedPnpm } from '../scripts/pnpm.mjs';
import { localRegistry } from '../packages/deploy/src/eject.js';

const packagesDir = join(repoRoot, 'packages');

/** The platform packages' folders: every package under packages/ that may be published. */
export const platformPackages = () =>
  readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((folder) => existsSync(join(folder, 'package.json')))
    .filter((folder) => !JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).private);

/** What a build compiles; every other file under src/ (images) is published as it is. */
const compiled = new Set(['.ts', '.tsx', '.js']);

/**
 * Builds the platform packages afresh: each one's src/ compiled into dist/ with declarations
 * (tsconfig.build.json, in the order their references give), and its other files copied beside.
 * @param {string[]} folders
 */
export function buildPlatform(folders) {
  for (const folder of folders) {
    rmSync(join(folder, 'dist'), { recursive: true, force: true });
    rmSync(join(folder, 'node_modules/.tmp/build.tsbuildinfo'), { force: true });
  }
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  const configs = folders.map((folder) => join(folder, 'tsconfig.build.json'));
  execFileSync(process.execPath, [tsc, '-b', ...configs], { cwd: repoRoot, stdio: 'inherit' });
  for (const folder of folders)
    cpSync(join(folder, 'src'), join(folder, 'dist'), {
      recursive: true,
      filter: (source) => !compiled.has(extname(source)),
    });
}

/** Hosts of a registry on this machine: a Verdaccio with config.yaml, which takes anonymous publishes. */
const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Publishes every platform package whose version `registry` lacks. pnpm sends no publish without
 * a token: to a registry on this machine it sends a placeholder (it takes anyone's), from npm
 * settings of its own; any other registry gets the token your npm settings hold for it.
 * @param {string} registry
 * @returns {string} what pnpm printed
 */
export function publishPlatform(registry) {
  const { host, hostname } = new URL(registry);
  const settings = mkdtempSync(join(tmpdir(), 'nova-publish-'));
  try {
    writeFileSync(join(settings, '.npmrc'), `//${host}/:_authToken=anonymous\n`);
    const env = loopback.has(hostname)
      ? { ...process.env, npm_config_userconfig: join(settings, '.npmrc') }
      : process.env;
    const [command, args] = pinnedPnpm([
      ...['--recursive', '--filter', './packages/*', 'publish', '--registry', registry, '--no-git-checks'],
    ]);
    return execFileSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env });
  } finally {
    rmSync(settings, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { registry: { type: 'string', default: localRegistry } } });
  try {
    const registry = new URL(values.registry).href;
    buildPlatform(platformPackages());
    console.log(publishPlatform(registry));
  } catch (error) {
    console.error(`platform:publish failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
