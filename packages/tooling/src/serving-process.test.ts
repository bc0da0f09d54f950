// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { readyProcess, servingProcess } from './serving-process.js';

/** The processes a test started: any left running when it ends (it failed) are stopped by their ids. */
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill();
});
const node = (script: string, stdio: 'ignore' | ['ignore', 'pipe', 'inherit']) => {
  const child = spawn(process.execPath, ['-e', script], { stdio });
  started.push(child);
  return child;
};

/** A Node process that runs until it is stopped. */
const running = () => node('setInterval(() => {}, 1000)', 'ignore');

/** A Node process that serves `status` on a port it prints, or exits at once (`exit`). */
function server(script: string) {
  const child = node(script, ['ignore', 'pipe', 'inherit']);
  const port = new Promise<number>((resolve) => child.stdout!.once('data', (chunk) => resolve(Number(String(chunk)))));
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
    const child = node('process.exit(3)', 'ignore');
    await expect(
      servingProcess(child, {
        url: 'http://127.0.0.1:9/',
        timeoutMs: 60_000,
        problem: (status) => `exited; answered ${status}`,
      }),
    ).rejects.toThrow('exited; answered undefined');
    expect(child.exitCode).toBe(3);
  });

  it('waits for what else must hold once the address answers, and says why it never did', async () => {
    const { child, port } = server(serving(200));
    let asked = 0;
    const served = await servingProcess(child, {
      url: `http://127.0.0.1:${await port}/`,
      alsoReady: () => (asked += 1) === 3,
      problem: () => 'no',
    });
    expect(asked).toBe(3);
    await served.stop();

    const other = server(serving(200));
    await expect(
      servingProcess(other.child, {
        url: `http://127.0.0.1:${await other.port}/`,
        alsoReady: () => false,
        timeoutMs: 300,
        problem: (status) => `answered ${status}, but not all of it is ready`,
      }),
    ).rejects.toThrow('answered 200, but not all of it is ready');
    expect(other.child.signalCode).toBe('SIGTERM');
  });
});

describe('readyProcess', () => {
  it('resolves once it says it is ready, asking again until then, and stops it with its stop signal', async () => {
    const child = running();
    let asked = 0;
    const ready = await readyProcess(child, {
      ready: () => {
        asked += 1;
        if (asked === 1) throw new Error('not yet readable');
        return asked === 3;
      },
      problem: () => 'no',
      stopSignal: 'SIGINT',
      intervalMs: 10,
    });
    expect([asked, ready.pid]).toEqual([3, child.pid]);
    await ready.stop();
    expect(child.signalCode).toBe('SIGINT');
  });

  it('stops a process that is never ready in time, and says why', async () => {
    const child = running();
    await expect(
      readyProcess(child, { ready: () => false, timeoutMs: 200, problem: () => 'never ready' }),
    ).rejects.toThrow('never ready');
    expect(child.signalCode).toBe('SIGTERM');
  });

  it('gives up at once on a process that exits before it is ready', async () => {
    const child = node('process.exit(4)', 'ignore');
    await expect(
      readyProcess(child, { ready: () => false, timeoutMs: 60_000, problem: () => `exited ${child.exitCode}` }),
    ).rejects.toThrow('exited 4');
  });
});
