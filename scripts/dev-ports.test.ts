import { spawn } from 'node:child_process';
import { afterAll, expect, test } from 'vitest';
import { freePort } from '../packages/tooling/src/free-port.js';
import { portHolder } from '../packages/tooling/src/port-holder.js';
import { startDev } from './dev.mjs';

/** Another program on `port`, as `npm start`'s servers are when `pnpm dev` starts. */
async function holdPort(port: number) {
  const holder = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer().listen(${port}, 'localhost', () => console.log('up'))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => holder.stdout.once('data', resolve));
  return holder;
}

const holders: ReturnType<typeof spawn>[] = [];
afterAll(() => holders.forEach((holder) => holder.kill()));

test('names the process that listens on a port', async () => {
  const port = await freePort();
  const holder = await holdPort(port);
  holders.push(holder);
  expect(portHolder(port)).toEqual({
    pid: holder.pid,
    command: expect.stringContaining(`.listen(${port}, 'localhost'`),
  });
  expect(portHolder(await freePort())).toBeUndefined();
});

test('pnpm dev refuses a taken port before it starts anything, saying which and by what', async () => {
  // Every app's port moves by the same offset; marketing's is 4174.
  const offset = (await freePort()) - 4174;
  const holder = await holdPort(4174 + offset);
  holders.push(holder);
  await expect(startDev({ portOffset: offset, provider: false, quiet: true })).rejects.toThrow(
    new RegExp(
      `^Port ${4174 + offset}, where pnpm dev serves marketing's dev server, is taken by .+ \\(pid ${holder.pid}\\)\\. ` +
        'pnpm dev serves on the ports of the local environment `npm start` serves, so the two cannot run together',
    ),
  );
  // Nothing of its own was left listening: the shell's port is still free.
  expect(portHolder(4173 + offset)).toBeUndefined();
});
