import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspaceEnvironment } from '@nova/contracts/environment';
import { remoteMapSchema } from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import { freePort } from '@nova/tooling/free-port';
import { afterAll, expect, it } from 'vitest';
import { discoveryReads } from './discovery-reads.mjs';

const folder = mkdtempSync(join(tmpdir(), 'nova-discovery-reads-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const port = (slice: string) => 4174 + sliceNames.indexOf(slice as (typeof sliceNames)[number]);

// A map as a local deployment root writes it: its versions and the environment they are served in.
const localMap = {
  schema: remoteMapSchema,
  microFrontends: Object.fromEntries(
    sliceNames.map((slice) => [
      slice,
      [
        {
          url: `http://localhost:${port(slice)}/1.0.0/mf-manifest.json`,
          metadata: { version: '1.0.0', integrity: `sha256-${slice}` },
          deployment: { traffic: 100, default: true },
        },
      ],
    ]),
  ),
  environment: workspaceEnvironment((slice) => [`http://localhost:${port(slice)}`]),
};

// The benchmark's last measure, against a real service on a PostgreSQL of its own: a local map is
// held as the administrator and a team would write it (a refusal ends a quarter of an hour's run).
it('holds a local map in a discovery service and reads it whole and conditionally', async () => {
  const mapFile = join(folder, 'remotes.json');
  writeFileSync(mapFile, JSON.stringify(localMap));
  const port = await freePort('127.0.0.1');
  const reads = await discoveryReads({ port, mapFile, seconds: 1, connections: 2, rounds: 1 });
  expect(reads.mapBytes).toBeGreaterThan(JSON.stringify(localMap.environment).length);
  for (const run of [...reads.notModified, ...reads.whole]) {
    expect(run.requests).toBeGreaterThan(0);
    expect(run.errors).toBe(0);
  }
}, 60_000);
