import { mergeTests } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDeployments, readRemoteMap } from '@nova/deploy/deployment-root';
import { releasedVersion } from '@nova/contracts/remote-map';
import { test as deployments, shippedRemotes } from '../support/deployments.ts';
import { expect, test as edge } from '../support/edge.ts';
import { repoRoot, shellOrigin } from '../support/site.ts';

// What every origin serves of a build: its plain files, never through a link, never the source
// maps and build records the builds keep on disk for the team (shell/server/static-files.mjs,
// edge/slice-origins.conf, edge/nginx.conf).
const test = mergeTests(deployments, edge);

const shellMap = readdirSync(join(repoRoot, 'shell/dist/assets')).find((file) => file.endsWith('.js.map'))!;
/** What the shell origin keeps on disk and never serves, and a file it serves beside them. */
const shellFiles = {
  unserved: [`/assets/${shellMap}`, '/remoteEntry.js.map', '/mf-stats.json', '/mf-stats.json.br'],
  served: `/assets/${shellMap.replace(/\.map$/, '')}`,
};
/** The same of a version of legal, at `base` (its folder's URL). */
const versionFiles = (base: string) => ({
  unserved: ['remoteEntry.js.map', 'deployment.json', 'mf-stats.json', 'mf-stats.json.gz'].map((file) => base + file),
  served: `${base}remoteEntry.js`,
});
/** The folder of legal's released version in a deployment root. */
const releasedLegal = (root: string) =>
  releasedVersion(readRemoteMap(root).microFrontends.legal ?? [])!.metadata.version;

test('no origin serves source maps or build records: they stay on disk for the team', async ({ request, edgeSite }) => {
  const legal = new URL('.', shippedRemotes.legal).href;
  const onEdge = `${edgeSite.sliceOrigins.legal}/${releasedLegal(edgeSite.root)}/`;
  for (const [origin, files] of [
    [
      'the composer (Node)',
      { unserved: shellFiles.unserved.map((path) => shellOrigin + path), served: shellOrigin + shellFiles.served },
    ],
    ['a slice origin (Node)', versionFiles(legal)],
    [
      'the edge (nginx)',
      { unserved: shellFiles.unserved.map((path) => edgeSite.url + path), served: edgeSite.url + shellFiles.served },
    ],
    ['a slice origin (nginx)', versionFiles(onEdge)],
  ] as const) {
    expect((await request.get(files.served)).status(), `${origin}: ${files.served}`).toBe(200);
    for (const url of files.unserved) {
      const answer = await request.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(answer.status(), `${origin}: ${url}`).toBe(404);
    }
  }
  // They are there, for the team.
  const version = join(localDeployments, 'legal', releasedLegal(localDeployments));
  for (const file of ['remoteEntry.js.map', 'deployment.json', 'mf-stats.json'])
    expect(existsSync(join(version, file))).toBe(true);
  expect(existsSync(join(repoRoot, 'shell/dist/assets', shellMap))).toBe(true);
});

test('a link placed in a published version by hand is followed by neither origin', async ({
  request,
  deploy,
  edgeSite,
}) => {
  // A secret anyone on the machine may read: only the link stands between it and a visitor.
  const outside = mkdtempSync(join(tmpdir(), 'nova-outside-'));
  try {
    chmodSync(outside, 0o755);
    writeFileSync(join(outside, 'secret.txt'), 'a secret outside every build', { mode: 0o644 });
    const node = await deploy.environment();
    const nodeLegal = JSON.parse(readFileSync(join(node.root, 'environment.json'), 'utf8')).origins.legal as string;
    for (const [origin, root, at] of [
      ['Node', node.root, nodeLegal],
      ['nginx', edgeSite.root, edgeSite.sliceOrigins.legal!],
    ] as const) {
      const version = join(root, 'legal', releasedLegal(root));
      symlinkSync(join(outside, 'secret.txt'), join(version, 'leak.txt'));
      symlinkSync(outside, join(version, 'assets/linked'));
      symlinkSync(outside, join(root, 'legal', '9.9.9-linked'));
      const base = `${at}/${releasedLegal(root)}`;
      for (const url of [`${base}/leak.txt`, `${base}/assets/linked/secret.txt`, `${at}/9.9.9-linked/secret.txt`]) {
        const answer = await request.get(url);
        expect(answer.status(), `${origin}: ${url}`).toBe(404);
        expect(await answer.text()).not.toContain('a secret');
      }
      expect((await request.get(`${base}/remoteEntry.js`)).status(), `${origin} still serves the version`).toBe(200);
    }
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

test('no process of the edge runs as root', ({ edgeSite }) => {
  const users = (...args: string[]) =>
    execFileSync('ps', ['-o', 'user=', ...args], { encoding: 'utf8' })
      .split('\n')
      .map((user) => user.trim())
      .filter(Boolean);
  const main = users('-p', String(edgeSite.pid));
  const workers = users('--ppid', String(edgeSite.pid));
  expect(main).toHaveLength(1);
  expect(workers.length).toBeGreaterThan(0);
  expect([...main, ...workers].filter((user) => user === 'root')).toEqual([]);
});
