// @vitest-environment node
// The slice CLI's entry: a command it does not have is answered with the list of those it has.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { usage } from './cli-options.js';

const cli = join(import.meta.dirname, 'cli.js');
const run = (...args: string[]) =>
  promisify(execFile)(process.execPath, [cli, ...args]).then(
    (ran) => ({ code: 0, ...ran }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

it.each(['deploy', 'constructor', 'toString'])('answers "slice %s" with its commands, and fails', async (name) => {
  const failed = await run(name, '--root', '/nonexistent');
  expect([failed.code, failed.stdout, failed.stderr]).toEqual([1, '', `slice ${name} failed: ${usage}\n`]);
});

it('prints its usage for --help and -h', async () => {
  for (const asked of ['--help', '-h']) {
    const ran = await run(asked);
    expect([ran.code, ran.stdout, ran.stderr]).toEqual([0, `${usage}\n`, '']);
  }
  expect(usage).toMatch(/^Usage: slice <publish\|release\|/);
});

it('names an option it does not have, with its usage, and fails as a misuse (2)', async () => {
  const ran = await run('release', 'legal', '--trafic', '50');
  expect([ran.code, ran.stdout, ran.stderr]).toEqual([2, '', `slice: Unknown option '--trafic'.\n${usage}\n`]);
});
