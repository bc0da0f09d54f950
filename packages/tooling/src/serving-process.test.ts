// @vitest-environment node
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { servingProcess } from './serving-process.js';

/** A Node process that serves `status` on a port it prints, or exits at once (`exit`). */
function server(script: string) {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = new Promise<number>((resolve) => child.stdout.once('data', (chunk) => resolve(Number(String(chunk)))));
  return { child, port };
}
const serving = (status: number) =>
  `const s = require('node:http').createServer((q, r) => r.writeHead(${status}).end()).listen(0, '127.0.0.1', () => console.log(s.address().port));`;

describe('servingProcess', () => {
  it('resolves once the address answers as wanted, and stops the process by its id', async () => {
    const { child, port } = server(serving(200));
    const served = await servingProcess(child, { url: `http://127.0.0.1:${await port}/`, problem: () => 'no' });
    expect(served).toMatchObject({ origin: `http://127.0.0.1:${await port}`, pid: child.pid });
    await served.stop();
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('stops a process that never serves as wanted and says why, with the last status', async () => {
    const { child, port } = server(serving(503));
    await expect(
      servingProcess(child, {
        url: `http://127.0.0.1:${await port}/`,
        timeoutMs: 300,
        problem: (status) => `answered ${status}`,
      }),
    ).rejects.toThrow('answered 503');
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('gives up at once on a process that exits', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await expect(
      servingProcess(child, {
        url: 'http://127.0.0.1:9/',
        timeoutMs: 60_000,
        problem: (status) => `exited; answered ${status}`,
      }),
    ).rejects.toThrow('exited; answered undefined');
    expect(child.exitCode).toBe(3);
  });
});
