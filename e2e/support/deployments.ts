import { test as base } from './fixtures.ts';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appHandler, listen, readRemotes } from '../../scripts/serve.mjs';
import type { RemoteName } from '@nova/contracts/remote-modules';
import { slices } from '@nova/contracts/slices';
import type { Fault } from './faults.ts';
import { repoRoot } from './site.ts';

export type { RemoteName };

/** The remotes.json the shell build ships with (the local production ports). */
export const shippedRemotes = readRemotes(join(repoRoot, 'shell/dist')) as Record<RemoteName, string>;

const portOf = (server: Server | NetServer) => (server.address() as AddressInfo).port;

/** Files of a deployment answered by a fault instead, by path (e.g. '/remotes.json'). */
type Faults = Record<string, Fault>;

interface Deployed {
  port: number;
  stop(): Promise<void>;
}

export interface Deployments {
  /**
   * The same shell build, deployed on its own port with another remotes.json (merged over the
   * shipped one, or given whole as text), a CSP that frames `gameProvider` if given, and `faults`
   * answering some of its files; returns its URL.
   */
  shell(remotes: Partial<Record<RemoteName, string>> | string, options?: { gameProvider?: string; faults?: Faults }): Promise<string>;
  /** One remote's build (or the build in `root`) on `port` (any free one by default), with `faults`; returns its entry (manifest) URL. */
  remote(name: RemoteName, options?: { port?: number; root?: string; faults?: Faults }): Promise<Deployed & { entry: string }>;
  /** A copy of one remote's build in a folder of its own, to change before deploying it (removed afterwards). */
  copyOfBuild(name: RemoteName): string;
  /** A server that accepts connections and never answers. */
  hangingServer(): Promise<Deployed>;
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
    const temporary = (prefix: string) => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    };
    /** Serves an app, sending the requests for some of its files to their faults. */
    const serve = async (app: Parameters<typeof appHandler>[0], port: number, faults: Faults = {}) => {
      const files = appHandler(app);
      const server = await listen((req, res) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        const fault = faults[path];
        if (!fault) return files(req, res);
        const file = join(app.root, path);
        fault(req, res, existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
      }, port);
      const stop = () => stopHttp(server);
      cleanups.push(stop);
      return { port: portOf(server), stop };
    };
    const deploy: Deployments = {
      async shell(remotes, { gameProvider, faults } = {}) {
        const root = temporary('nova-shell-');
        cpSync(join(repoRoot, 'shell/dist'), root, { recursive: true });
        const json = typeof remotes === 'string' ? remotes : JSON.stringify({ ...shippedRemotes, ...remotes });
        writeFileSync(join(root, 'remotes.json'), json);
        const { port } = await serve({ root, kind: 'shell', gameProvider }, 0, faults);
        return `http://localhost:${port}`;
      },
      async remote(name, { port = 0, root = join(repoRoot, slices[name].folder, 'dist'), faults } = {}) {
        const deployed = await serve({ root, kind: 'remote' }, port, faults);
        return { ...deployed, entry: `http://localhost:${deployed.port}/mf-manifest.json` };
      },
      copyOfBuild(name) {
        const root = temporary(`nova-${name}-`);
        cpSync(join(repoRoot, slices[name].folder, 'dist'), root, { recursive: true });
        return root;
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
