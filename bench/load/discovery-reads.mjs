// @ts-check
// The discovery service under the reads composers make: each composer process asks for each map it
// serves twice a second, with the ETag it holds (a 304 but after a release), and a new process reads
// it whole. One instance, on a PostgreSQL of its own (`discovery/main.mjs`, started as
// `pnpm serve:discovery` starts it), holding a map of the size of the local environment's.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servingProcess } from '@nova/tooling/serving-process';
import { repoRoot } from '@nova/tooling/repo-root';
import { wrk } from './wrk.mjs';

/** @typedef {import('./wrk.mjs').WrkResult} WrkResult */

/**
 * What the administrator and the teams write to hold a local map in the service: the environment's
 * slices (origins, paths) as its settings, and the versions as the map, which the service then
 * serves with the environment.
 * @param {{ environment: { slices: Record<string, { origins: string[], paths: string[] }> } }} map
 */
function discoveryWrites({ environment, ...versions }) {
  const slices = Object.entries(environment.slices);
  return {
    settings: {
      sliceOrigins: Object.fromEntries(slices.map(([slice, { origins }]) => [slice, origins])),
      slicePaths: Object.fromEntries(slices.map(([slice, { paths }]) => [slice, paths])),
      stagedIn: null,
    },
    versions,
  };
}

/**
 * Conditional and whole reads of one environment's map, each the median of `rounds` wrk runs.
 * @param {{ port: number, mapFile: string, seconds: number, connections: number, rounds: number }} options
 *   mapFile: a map to serve (the benchmark's environment's remotes.json)
 * @returns {Promise<{ mapBytes: number, notModified: WrkResult[], whole: WrkResult[] }>}
 */
export async function discoveryReads({ port, mapFile, seconds, connections, rounds }) {
  const data = mkdtempSync(join(tmpdir(), 'nova-load-discovery-'));
  const adminToken = randomBytes(32).toString('base64url');
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'discovery/main.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DISCOVERY_ADMIN_TOKEN: adminToken,
      DISCOVERY_DATA: data,
    },
    stdio: 'ignore',
  });
  const service = await servingProcess(child, {
    url: `${origin}/environments/load/remotes.json`,
    // Any answer, a 404 for the environment not made yet included, says it serves.
    serves: () => true,
    timeoutMs: 60_000,
    problem: () => `The discovery service did not answer at ${origin}.`,
  });
  try {
    const { settings, versions } = discoveryWrites(JSON.parse(readFileSync(mapFile, 'utf8')));
    const admin = { authorization: `Bearer ${adminToken}` };
    const made = await fetch(`${origin}/environments/load`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify(settings),
    });
    if (!made.ok) throw new Error(`The environment was refused: ${made.status} ${await made.text()}`);
    const written = await fetch(`${origin}/environments/load/remotes.json`, {
      method: 'PUT',
      headers: { ...admin, 'if-none-match': '*' },
      body: JSON.stringify(versions),
    });
    if (!written.ok) throw new Error(`The map was refused: ${written.status} ${await written.text()}`);
    const read = await fetch(`${origin}/environments/load/remotes.json`);
    const etag = read.headers.get('etag') ?? '';
    const mapBytes = (await read.arrayBuffer()).byteLength;
    const url = `${origin}/environments/load/remotes.json`;
    /** @type {WrkResult[]} */
    const notModified = [];
    /** @type {WrkResult[]} */
    const whole = [];
    for (let round = 0; round < rounds; round += 1) {
      notModified.push(
        await wrk(url, { seconds, connections, headers: [`If-None-Match: ${etag}`], expectStatus: 304 }),
      );
      whole.push(await wrk(url, { seconds, connections, expectStatus: 200 }));
    }
    return { mapBytes, notModified, whole };
  } finally {
    await service.stop();
    rmSync(data, { recursive: true, force: true });
  }
}
