// @ts-check
// Runs the pnpm that package.json's packageManager names, through npx, on a machine with only
// Node and npm: node scripts/pnpm.mjs <pnpm arguments>. npx puts that pnpm on the PATH of what it
// runs, so `pnpm` in the scripts it runs (`node scripts/pnpm.mjs run check`) is the same one.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../packages/tooling/src/repo-root.js';

/** The command and arguments that run the pinned pnpm (`pnpm@<version>`) with these arguments. */
export const pinnedPnpm = (/** @type {string[]} */ args) => {
  const { packageManager } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  return /** @type {const} */ (['npx', ['--yes', String(packageManager), ...args]]);
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, args] = pinnedPnpm(process.argv.slice(2));
  process.exit(spawnSync(command, args, { stdio: 'inherit' }).status ?? 1);
}
