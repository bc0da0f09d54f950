// @vitest-environment node
// The slice CLI's entry: a command it does not have is answered with the list of those it has.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { commandNames } from './cli-options.js';

const cli = join(import.meta.dirname, 'cli.js');
const usage = `Usage: slice <${commandNames.join('|')}> …`;

it.each(['deploy', 'constructor', 'toString'])('answers "slice %s" with its commands, and fails', async (name) => {
  const failed = await promisify(execFile)(process.execPath, [cli, name, '--root', '/nonexistent']).then(
    (ran) => ({ code: 0, ...ran }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  expect([failed.code, failed.stdout, failed.stderr]).toEqual([1, '', `slice ${name} failed: ${usage}\n`]);
});
