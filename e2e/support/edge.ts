import { test as base } from './fixtures.ts';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEdge } from '../../edge/edge.mjs';
import { composerInProcess } from '../../scripts/local-composer.mjs';
import { listen, shellBuild } from '../../scripts/local-origins.mjs';
import { remoteMapFile } from '@nova/deploy/deployment-root';
import { sliceNames } from '@nova/contracts/slices';
import { repoRoot } from './site.ts';

/** The headers the composer's page policy sets on every answer, which an edge in front passes on. */
export { securityHeaderNames } from '../../shell/server/page-policy.mjs';

export interface EdgeSite {
  /** The shell origin: nginx, before the composer. */
  url: string;
  /** The composer behind it. */
  composer: string;
  /** The composer's /metrics, on a port of its own (never through the edge). */
  metrics: string;
  /** The folder where nginx keeps what it caches (a file per entry). */
  cacheFolder: string;
  /** The deployment root: each slice's versions and the remote map. */
  root: string;
  /** Each slice's origin, served by the same nginx from the deployment root. */
  sliceOrigins: Record<string, string>;
  /** Runs the deployment CLI against this environment, as a slice team would; returns what it prints. */
  slice(...args: string[]): string;
  /** nginx's main process. */
  pid: number;
  /** Stops the composer: an outage behind the edge. */
  stopComposer(): Promise<unknown>;
}

/**
 * Where Linux starts the ports it gives outgoing connections and listen(0) (ip_local_port_range):
 * a port below is taken only on purpose, so none is taken by a connection between the moment it
 * is found free and the moment nginx binds it (with 200 visitors in a test, that happened).
 */
const ephemeralPorts = 32768;

/** `count` distinct ports below the ephemeral range that nothing listens on now (tried together). */
async function freePorts(count: number): Promise<number[]> {
  const ports = [
    ...new Set(Array.from({ length: count }, () => 20_000 + Math.floor(Math.random() * (ephemeralPorts - 20_000)))),
  ];
  const servers = ports.map(() => createServer());
  const bound = await Promise.all(
    servers.map(
      (server, index) =>
        new Promise<boolean>((resolve) => {
          server.once('error', () => resolve(false));
          server.listen(ports[index], 'localhost', () => resolve(true));
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports.length === count && bound.every(Boolean) ? ports : freePorts(count);
}

/**
 * nginx (edge/edge.mjs) alone before a composer that is already running, on a free port, with no
 * slice origins of its own; the caller stops it.
 */
export async function edgeBefore(composer: string) {
  const [port = 0] = await freePorts(1);
  return startEdge({ port, composer, shellBuild, slices: {} });
}

const stopHttp = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

/**
 * `edgeSite`: an environment of its own behind the edge, on free ports (never the suite's
 * 4173–4178): a deployment root with every slice's current build published and released, the
 * composer (in this process) on its map, and nginx (edge/edge.mjs) as the shell origin and as every
 * slice origin. Everything is stopped when the test ends, nginx by its process id, pass or fail;
 * nginx's error log is attached to a test that failed. `bucketChoiceSeconds` (an option, the
 * composer's default unless set): how long the edge keeps the composer's 300.
 */
export const test = base.extend<{ edgeSite: EdgeSite; bucketChoiceSeconds: number | undefined }>({
  bucketChoiceSeconds: [undefined, { option: true }],
  edgeSite: async ({ bucketChoiceSeconds }, use, testInfo) => {
    const root = mkdtempSync(join(tmpdir(), 'nova-edge-deployments-'));
    // Readable by nginx, which runs unprivileged (a temporary folder is its owner's alone).
    chmodSync(root, 0o755);
    const cleanups: (() => unknown)[] = [() => rmSync(root, { recursive: true, force: true })];
    try {
      const [edgePort = 0, ...slicePorts] = await freePorts(1 + sliceNames.length);
      const slices = Object.fromEntries(
        sliceNames.map((name, index) => [name, { port: slicePorts[index] ?? 0, root: join(root, name) }]),
      );
      const sliceOrigins = Object.fromEntries(
        Object.entries(slices).map(([name, { port }]) => [name, `http://localhost:${port}`]),
      );
      for (const name of sliceNames) mkdirSync(join(root, name));
      writeFileSync(join(root, 'environment.json'), JSON.stringify({ origins: sliceOrigins }));
      const slice = (...args: string[]) =>
        execFileSync(process.execPath, [join(repoRoot, 'packages/deploy/src/cli.js'), ...args, '--root', root], {
          encoding: 'utf8',
        });
      slice('publish', '--all', '--built', '--release');

      const handler = await composerInProcess({
        remoteMap: remoteMapFile(root),
        // The edge in front names the client (X-Forwarded-For), as serve-edge.mjs has it.
        trustedProxies: ['loopback'],
        bucketChoiceSeconds,
      });
      cleanups.push(handler.close);
      await new Promise<void>((resolve) => handler.metrics.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => stopHttp(handler.metrics));
      const metrics = `http://127.0.0.1:${(handler.metrics.address() as AddressInfo).port}/metrics`;
      const composer = await listen(handler, 0);
      cleanups.push(() => stopHttp(composer));
      const composerOrigin = `http://localhost:${(composer.address() as AddressInfo).port}`;
      const edge = await startEdge({ port: edgePort, composer: composerOrigin, shellBuild, slices });
      cleanups.push(edge.stop);
      // nginx's error log is expected to fill in outage tests (connect() failed): shown only with a
      // test that failed, not on every run.
      cleanups.push(async () => {
        if (testInfo.status !== testInfo.expectedStatus)
          await testInfo.attach('nginx error.log', { body: edge.errorLog(), contentType: 'text/plain' });
      });

      await use({
        url: edge.origin,
        composer: composerOrigin,
        metrics,
        cacheFolder: edge.cacheFolder,
        root,
        sliceOrigins,
        slice,
        pid: edge.pid,
        stopComposer: () => stopHttp(composer),
      });
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  },
});

export { expect } from './fixtures.ts';
