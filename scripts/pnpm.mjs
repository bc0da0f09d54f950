// @ts-check
// Runs the pnpm that package.json's packageManager names, through npx, on a machine with only
// Node and npm: node scripts/pnpm.mjs <pnpm arguments>. npx puts that pnpm on the PATH of what it
// runs, so `pnpm` in the scripts it runs (`node scripts/pnpm.mjs run check`) is the same one.
//
// The project runs on the Node that package.json's engines name (an LTS). The install brings it
// from the npm registry (the optional `node-<platform>-<arch>` packages, locked like any other) into
// node_modules/.bin, which npm and pnpm put first on the PATH of every script they run, and which
// this puts first on pnpm's: the install may run on an older Node, everything after it runs on the
// project's own, from whatever shell `node scripts/pnpm.mjs …` is typed in.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../packages/tooling/src/repo-root.js';

const manifest = () => JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

/** The command and arguments that run the pinned pnpm (`pnpm@<version>`) with these arguments. */
export const pinnedPnpm = (/** @type {string[]} */ args) =>
  /** @type {const} */ (['npx', ['--yes', String(manifest().packageManager), ...args]]);

/**
 * Why this Node cannot run the project (undefined when it can): engines.node is a lower bound,
 * `>=major.minor`.
 * @param {string} version the running Node's (`process.versions.node`)
 * @param {string} [wanted] engines.node
 */
export function runtimeProblem(version, wanted = manifest().engines.node) {
  const [, major = '0', minor = '0'] = /^>=(\d+)\.(\d+)$/.exec(wanted) ?? [];
  const [runningMajor = 0, runningMinor = 0] = version.split('.').map(Number);
  const fits = runningMajor > Number(major) || (runningMajor === Number(major) && runningMinor >= Number(minor));
  if (fits) return undefined;
  return (
    `Node ${version} is running, and the project runs on Node ${wanted}. \`npm run setup\` installs it ` +
    'into node_modules/.bin on Linux (x64, arm64) and Windows (x64); run the command through npm ' +
    '(`npm start`, `npm test`, `npm run …`), or install that Node yourself on other systems.'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const env = { ...process.env, PATH: [join(repoRoot, 'node_modules/.bin'), process.env.PATH].join(delimiter) };
  // The install itself may run on the machine's older Node: it is what brings the project's.
  if (args[0] !== 'install') {
    const node = spawnSync('node', ['-p', 'process.versions.node'], { env, encoding: 'utf8' });
    const problem = runtimeProblem(node.stdout?.trim() || process.versions.node);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  }
  const [command, commandArgs] = pinnedPnpm(args);
  const pnpm = spawn(command, commandArgs, { stdio: 'inherit', env });
  // Ctrl-C reaches every process of the terminal's group: pnpm and what it runs stop by themselves.
  // A stop by signal is no failure, whatever npx says of it (130), so this ends quietly with 0.
  let stopped = false;
  process.on('SIGINT', () => (stopped = true));
  process.on('SIGTERM', () => {
    stopped = true;
    // Sent to this process alone (by its id): pnpm has to hear it too.
    pnpm.kill('SIGTERM');
  });
  pnpm.on('exit', (code) => process.exit(stopped ? 0 : (code ?? 1)));
}
