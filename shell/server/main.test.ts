// @vitest-environment node
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldSignalTokenPath } from '@nova/contracts/field-signals';
import { workspaceEnvironment } from '@nova/contracts/environment';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import { shell, sliceNames } from '@nova/contracts/slices';
import { purposes, randomKey, signer } from '@nova/signing/signing';
import { freePort } from '../../packages/tooling/src/free-port.js';
import { servingProcess, type ServingProcess } from '../../packages/tooling/src/serving-process.js';
import { healthPaths } from './node-adapter.mjs';

// The composer as production runs it (main.mjs): a primary and two workers, on a shell build that
// renders one line, and a map whose slices are on an origin that answers nothing.

const integrity = `sha256-${'A'.repeat(43)}=`;
/** Where every slice is: the discard port, which refuses connections. */
const sliceOrigin = 'http://127.0.0.1:9';
const map = {
  schema: remoteMapSchema,
  microFrontends: Object.fromEntries(
    sliceNames.map((slice) => [
      slice,
      [sliceVersion({ url: `${sliceOrigin}/${slice}/1.0.0-aaaa/mf-manifest.json`, version: '1.0.0-aaaa', integrity })],
    ]),
  ),
  environment: workspaceEnvironment(() => [sliceOrigin]),
};

/** A process's environment, as the system keeps it: what any reader of /proc sees. */
const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);

describe('main.mjs with two workers', () => {
  const key = randomKey();
  const folder = mkdtempSync(join(tmpdir(), 'nova-composer-'));
  let composer: ServingProcess;
  let origin: string;
  beforeAll(async () => {
    mkdirSync(join(folder, 'dist'));
    mkdirSync(join(folder, dirname(shell.serverBuild)));
    writeFileSync(
      join(folder, 'dist/index.html'),
      '<!doctype html><html><head><title>Nova</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(folder, shell.serverBuild),
      'export const matchShell = async () => ({ render: () => ({ html: "<main>Nova</main>", status: 200 }) });\n',
    );
    writeFileSync(join(folder, 'remotes.json'), JSON.stringify(map));
    const [port, metricsPort] = [await freePort('127.0.0.1'), await freePort('127.0.0.1')];
    const child = spawn(process.execPath, [new URL('./main.mjs', import.meta.url).pathname], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        WEB_CONCURRENCY: '2',
        REMOTE_MAP: join(folder, 'remotes.json'),
        GAME_PROVIDER: 'http://127.0.0.1:4178/launch',
        SHELL_BUILD: join(folder, 'dist'),
        SIGNING_KEY: key,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let printed = '';
    child.stderr.on('data', (chunk) => (printed += chunk));
    origin = `http://127.0.0.1:${port}`;
    composer = await servingProcess(child, {
      url: `${origin}${healthPaths.ready}`,
      timeoutMs: 20_000,
      problem: () => `The composer did not become ready:\n${printed}`,
    });
  }, 30_000);
  afterAll(async () => {
    await composer?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('signs with the key it was given, in every worker, which never holds it in its environment', async () => {
    const workers = readFileSync(`/proc/${composer.pid}/task/${composer.pid}/children`, 'utf8').trim().split(' ');
    expect(workers).toHaveLength(2);
    for (const worker of workers) expect(environOf(Number(worker)).join('\n')).not.toContain(key);
    // A new connection each: the primary hands them to its workers in turn.
    for (const answer of await Promise.all(
      workers.map(() => fetch(`${origin}${fieldSignalTokenPath}`, { headers: { Connection: 'close' } })),
    )) {
      const { token } = (await answer.json()) as { token: string };
      expect(signer(key).verify(purposes.fieldSignals, token)).toBeDefined();
    }
  });
});
