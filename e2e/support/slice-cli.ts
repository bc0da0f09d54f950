import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './site.ts';

/** The deployment CLI, as a slice team runs it. */
export const sliceCli = join(repoRoot, 'packages/deploy/src/cli.js');

/**
 * A `slice` command that runs on while the test goes on (a guarded release): what it printed so
 * far (stdout and stderr), its exit code once it exits, and a way to stop it.
 */
export function runningSlice(args: string[]) {
  const child = spawn(process.execPath, [sliceCli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout.on('data', (chunk) => (printed += chunk));
  child.stderr.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { printed: () => printed, exited, stop: () => child.kill() };
}
