import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { afterAll, expect, test } from 'vitest';
import { repoRoot } from '../packages/tooling/src/repo-root.js';
import { systemProgram } from '../packages/tooling/src/system-tools.js';
import manifest from '../package.json' with { type: 'json' };

// A folder whose scripts serve as the root's do: npm start runs scripts/pnpm.mjs, which runs pnpm,
// which runs the server; `node` in them is node_modules/.bin's, as in the workspace.
const folder = mkdtempSync(join(tmpdir(), 'nova-stop-'));
symlinkSync(join(repoRoot, 'node_modules'), join(folder, 'node_modules'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const pnpm = join(repoRoot, 'scripts/pnpm.mjs');
const server = join(folder, 'server.mjs');
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
    scripts: {
      start: `trap '' INT TERM && exec node ${pnpm} run serve`,
      serve: `trap '' INT TERM && exec node ${server}`,
    },
  }),
);

/**
 * A terminal's environment: no package's programs on the PATH (what pnpm and npx add, the relative
 * `./node_modules/.bin` among them), none of pnpm's settings.
 */
const terminal = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name))),
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => isAbsolute(entry) && !entry.startsWith(repoRoot) && !entry.includes('node_modules'))
    .join(delimiter),
};

/** A running command: resolves `ready` once the server serves; `exit` with its exit code. */
function watched<Child extends ChildProcessByStdio<Writable | null, Readable, Readable>>(child: Child) {
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

/**
 * Runs a command line in a terminal of its own (util-linux's script), as one typed there. A terminal's
 * shell gives a typed command the foreground of its own (job control), so Ctrl-C reaches the command's
 * processes and not the shell: `exec` does the same for the shell that script starts (/bin/sh where
 * SHELL is unset, as in CI, which would otherwise die of the Ctrl-C itself and report 130).
 */
const inTerminal = (command: string) =>
  watched(
    spawn(systemProgram('script'), ['--quiet', '--flush', '--return', '--command', `exec ${command}`, '/dev/null'], {
      cwd: folder,
      env: terminal,
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );

test.each([`npm start`, `node ${pnpm} run serve`])(
  'Ctrl-C in the terminal ends `%s` quietly, with 0, through every wrapper',
  { timeout: 120_000 },
  async (command) => {
    const served = inTerminal(command);
    await served.ready;
    // Ctrl-C, typed: the terminal sends SIGINT to every process of its foreground group.
    served.child.stdin.write('\x03');
    expect(await served.exit).toBe(0);
    expect(served.printed()).not.toMatch(/ELIFECYCLE|Command failed/);
  },
);

test('SIGTERM to the group (kill %1) ends a served command quietly, with 0', { timeout: 120_000 }, async () => {
  const served = watched(
    spawn(process.execPath, [pnpm, 'run', 'serve'], {
      cwd: folder,
      env: terminal,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await served.ready;
  process.kill(-served.child.pid!, 'SIGTERM');
  expect(await served.exit).toBe(0);
  expect(served.printed()).not.toMatch(/ELIFECYCLE|Command failed/);
});

test('every command that serves until stopped starts its server as the test does', () => {
  const serving = ['start:local', 'dev', 'serve', 'serve:edge', 'serve:discovery', 'registry'];
  const scripts = manifest.scripts as Record<string, string>;
  // A shell between the terminal and the server (a script's, or the one of node_modules/.bin/node)
  // dies of Ctrl-C, and npm or pnpm reports a failure: each script's shell makes way for what it
  // runs (exec), with the signals the server handles ignored by the shells.
  expect(serving.filter((name) => !/(^|&& )trap '' INT TERM && exec node \S+$/.test(scripts[name] ?? ''))).toEqual([]);
  expect(scripts.start).toMatch(/&& trap '' INT TERM && exec node scripts\/pnpm\.mjs run start:local$/);
});
