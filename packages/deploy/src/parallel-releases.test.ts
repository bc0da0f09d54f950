// @vitest-environment node
// Four teams publishing and releasing at once, as real CLI processes: no run fails and no run
// loses another's change to a local map file. (Behind the discovery service, several instances of
// it: discovery/src/instances.test.ts.)
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { releasedVersion, type RemoteMapJson } from '@nova/contracts/remote-map';
import { legacyPages } from '@nova/contracts/routes';
import { sliceNames, type SliceName } from '@nova/contracts/slices';
import { temporaryFolder } from './test-support.ts';

const releasesPerSlice = 12;
const cli = join(import.meta.dirname, 'cli.js');
const run = promisify(execFile);

const temporary = () => temporaryFolder('nova-parallel-');

/** A tiny build of a slice that passes the contract check: it exposes the slice's pages, shares nothing. */
function fakeBuild(slice: SliceName, edition: number) {
  const dist = temporary();
  const pages = legacyPages(slice);
  const exposes = pages.map(({ module }) => ({ name: module }));
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: slice, exposes, shared: [], pages }));
  writeFileSync(join(dist, 'remoteEntry.js'), `export const edition = ${edition};`);
  return dist;
}

/** The deployment root, a shell build to check against (no built shell needed) and the CLI on them. */
function environment() {
  const root = temporary();
  const shellManifest = join(root, 'shell-manifest.json');
  writeFileSync(shellManifest, JSON.stringify({ exposes: [], shared: [] }));
  const slice = async (...args: string[]) => {
    const where = ['--root', root, '--shell-manifest', shellManifest];
    return (await run('node', [cli, ...args, ...where], { encoding: 'utf8' })).stdout;
  };
  return { root, slice };
}

async function publishAndReleaseInParallel(
  slice: ReturnType<typeof environment>['slice'],
  readMap: () => RemoteMapJson,
) {
  // Every slice's two builds published at once.
  const published = await Promise.all(
    sliceNames.flatMap((name) =>
      [1, 2].map(async (edition) => {
        const output = await slice('publish', name, '--dist', fakeBuild(name, edition));
        return output.match(/^\S+ (\S+) is published\.$/m)?.[1] ?? output;
      }),
    ),
  );
  const versionsOf = (name: SliceName) =>
    published.slice(sliceNames.indexOf(name) * 2, sliceNames.indexOf(name) * 2 + 2);

  // Each team releases its two versions in turn, 40 times, all four teams at once.
  await Promise.all(
    sliceNames.map(async (name) => {
      for (let release = 0; release < releasesPerSlice; release += 1) {
        await slice('release', name, versionsOf(name)[release % 2]!);
      }
    }),
  );

  const { microFrontends } = readMap();
  for (const name of sliceNames) {
    const versions = microFrontends[name] ?? [];
    expect(versions.map((listed) => listed.metadata.version).sort(), name).toEqual([...versionsOf(name)].sort());
    expect(
      versions.flatMap((listed) => listed.extras?.releasedAt ?? []),
      name,
    ).toHaveLength(releasesPerSlice);
    expect(releasedVersion(versions)?.metadata.version, name).toBe(versionsOf(name)[(releasesPerSlice - 1) % 2]);
  }
}

describe('four teams publishing and releasing at once', { timeout: 60_000 }, () => {
  it('records every publish and every release in a local map file', async () => {
    const { root, slice } = environment();
    await publishAndReleaseInParallel(slice, () => JSON.parse(readFileSync(join(root, 'remotes.json'), 'utf8')));
    // Nothing left aside: no temporary map, no lock, no partial version folder.
    expect(readdirSync(root).sort()).toEqual([...sliceNames, 'remotes.json', 'shell-manifest.json'].sort());
    for (const name of sliceNames) expect(readdirSync(join(root, name))).toHaveLength(2);
  });
});
