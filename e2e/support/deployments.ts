import { test as base } from './fixtures.ts';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRemotes, serveApp } from '../../scripts/serve.mjs';
import type { RemoteName } from '@nova/contracts/remote-modules';
import { slices } from '@nova/contracts/slices';
import { repoRoot } from './site.ts';

export type { RemoteName };

/** The remotes.json the shell build ships with (the local production ports). */
export const shippedRemotes = readRemotes(join(repoRoot, 'shell/dist')) as Record<RemoteName, string>;

const portOf = (server: Server | NetServer) => (server.address() as AddressInfo).port;

export interface Deployments {
  /**
   * The same shell build, deployed on its own port with another remotes.json (and, if given,
   * a CSP that frames another game provider origin); returns its URL.
   */
  shell(remotes: Partial<Record<RemoteName, string>> | string, gameProvider?: string): Promise<string>;
  /** One remote's build (or the build in `root`) served on `port` (any free one by default); returns its entry URL. */
  remote(name: RemoteName, port?: number, root?: string): Promise<{ entry: string; port: number; stop(): Promise<void> }>;
  /** A server that accepts connections and never answers. */
  hangingServer(): Promise<{ port: number; stop(): Promise<void> }>;
  /** A port nothing listens on: a remote that is down. */
  freePort(): Promise<number>;
}

function stopHttp(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Extra deployments a test starts next to the site, all stopped when it ends. */
export const test = base.extend<{ deploy: Deployments }>({
  deploy: async ({}, use) => {
    const cleanups: (() => unknown)[] = [];
    const deploy: Deployments = {
      async shell(remotes, gameProvider) {
        const root = mkdtempSync(join(tmpdir(), 'nova-shell-'));
        cpSync(join(repoRoot, 'shell/dist'), root, { recursive: true });
        const json = typeof remotes === 'string' ? remotes : JSON.stringify({ ...shippedRemotes, ...remotes });
        writeFileSync(join(root, 'remotes.json'), json);
        const server = await serveApp({ root, port: 0, kind: 'shell', gameProvider });
        cleanups.push(() => stopHttp(server), () => rmSync(root, { recursive: true, force: true }));
        return `http://localhost:${portOf(server)}`;
      },
      async remote(name, port = 0, root = join(repoRoot, slices[name].folder, 'dist')) {
        const server = await serveApp({ root, port, kind: 'remote' });
        const stop = () => stopHttp(server);
        cleanups.push(stop);
        return { entry: `http://localhost:${portOf(server)}/remoteEntry.js`, port: portOf(server), stop };
      },
      async hangingServer() {
        const sockets = new Set<Socket>();
        const server = createServer((socket) => sockets.add(socket));
        await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
        const stop = () => {
          for (const socket of sockets) socket.destroy();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        };
        cleanups.push(stop);
        return { port: portOf(server), stop };
      },
      async freePort() {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
        const port = portOf(server);
        await new Promise<void>((resolve) => server.close(() => resolve()));
        return port;
      },
    };
    await use(deploy);
    for (const cleanup of cleanups.reverse()) await cleanup();
  },
});

export { expect } from './fixtures.ts';
