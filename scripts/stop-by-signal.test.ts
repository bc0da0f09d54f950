import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import manifest from '../package.json' with { type: 'json' };

const folder = mkdtempSync(join(tmpdir(), 'nova-stop-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `pnpm run <script>` in `folder` as `node scripts/pnpm.mjs` does, in a process group of its own. */
function runInGroup(script: string) {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/pnpm.mjs'), 'run', script], {
    cwd: folder,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      if (printed.includes('serving')) resolve();
    }),
  );
  child.stderr.on('data', (chunk) => (printed += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exit, printed: () => printed };
}

const server = join(folder, 'server.mjs');

test.each(['SIGINT', 'SIGTERM'] as const)(
  '%s to the group ends a served command quietly, with 0, through every wrapper',
  { timeout: 120_000 },
  async (signal) => {
    // A server as the commands' are: it stops on a signal with the tooling's stopOnSignal.
    writeFileSync(
      server,
      `import { stopOnSignal } from ${JSON.stringify(join(repoRoot, 'packages/tooling/src/stop-on-signal.js'))};
     const timer = setInterval(() => {}, 1000);
     stopOnSignal(async () => clearInterval(timer));
     console.log('serving');`,
    );
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({
        name: 'stop-test',
        private: true,
        scripts: { serve: `trap '' INT TERM && exec node ${server}` },
      }),
    );
    const run = runInGroup('serve');
    await run.ready;
    // What a terminal does on Ctrl-C (SIGINT), and `kill %1` to a job (SIGTERM): every process of the group.
    process.kill(-run.child.pid!, signal);
    expect(await run.exit).toBe(0);
    expect(run.printed()).not.toMatch(/ELIFECYCLE|Command failed/);
  },
);

test('every command that serves until stopped starts its server as the test does', () => {
  const serving = ['start:local', 'dev', 'serve', 'serve:edge', 'serve:discovery', 'registry'];
  const scripts = manifest.scripts as Record<string, string>;
  // A shell between pnpm and the server (the script's, or the one of node_modules/.bin/node) that
  // Ctrl-C reaches dies of it, and pnpm reports a failure: the script's shell makes way for the
  // server (exec), and both ignore the signal the server handles.
  expect(serving.filter((name) => !/(^|&& )trap '' INT TERM && exec node \S+$/.test(scripts[name] ?? ''))).toEqual([]);
  expect(scripts.start).toMatch(/&& exec node scripts\/pnpm\.mjs run start:local$/);
});
