import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './site.ts';
import { sliceCli } from './slice-cli.ts';

/**
 * A copy of legal's folder inside the workspace (beside it, so that its dependencies resolve as
 * the original's do), for `slice dev` to run from and a test to edit; `remove()` deletes it. The
 * workspace's own sources are never touched.
 */
export function legalCheckout() {
  const folder = mkdtempSync(join(repoRoot, '.slice-dev-legal-'));
  for (const entry of ['index.html', 'package.json', 'vite.config.ts', 'src', 'node_modules'])
    cpSync(join(repoRoot, 'mfe-legal', entry), join(folder, entry), { recursive: true, verbatimSymlinks: true });
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * `slice dev <args>` run in `folder` (this workspace's CLI), as a team runs it.
 */
export const sliceDev = (folder: string, args: string[]) =>
  devCommand(process.execPath, [sliceCli, 'dev', ...args], { cwd: folder });

/**
 * A command that runs `slice dev` (`npm run dev` in a slice's own repository), in a process group
 * of its own; resolves with the link it prints once it prints one (rejects if it exits first).
 * `stop()` ends the group (npm and the CLI under it) and waits.
 */
export async function devCommand(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const link = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk;
      const open = /^Open: (\S+)$/m.exec(printed);
      if (open) resolve(open[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`slice dev exited:\n${printed}`)));
  });
  return {
    link,
    printed: () => printed,
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
