import { test as base } from './fixtures.ts';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composerInProcess } from '../../scripts/local-composer.mjs';
import { listen, shellBuild, sliceHandler, staticShellOrigin } from '../../scripts/local-origins.mjs';
import { localDeployments, readRemoteMap, remoteMapFile } from '@nova/deploy/deployment-root';
import { localSigningKey } from '@nova/signing/signing-key';
import { isHttpUrl, releasedVersion, remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import type { RemoteName } from '@nova/contracts/remote-modules';
import { sliceNames, slices } from '@nova/contracts/slices';
import { freePort } from '@nova/tooling/free-port';
import type { Fault } from './faults.ts';
import { repoRoot } from './site.ts';

export type { RemoteName };

/** A hash of every file in a folder: the same files, byte for byte, give the same hash. */
export function folderHash(folder: string) {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => join(entry.parentPath, entry.name)).sort())
    hash.update(file.slice(folder.length)).update(readFileSync(file));
  return hash.digest('hex');
}

/** Which origins serve which slice (the environment a map names). */
export type SliceOrigins = Partial<Record<RemoteName, string[]>>;

/** The environment a map names: these slices, on these origins, with the paths the local environment gives them. */
const environmentOf = (origins: SliceOrigins) => ({
  slices: Object.fromEntries(
    (Object.entries(origins) as [RemoteName, string[]][])
      .filter(([, each]) => each.length > 0)
      .map(([name, each]) => [name, { origins: each, paths: [...slices[name].paths] }]),
  ),
});

/** The entry (manifest) URL of each slice's released version in the local environment the suite runs against. */
export const shippedRemotes = Object.fromEntries(
  sliceNames.map((name) => [
    name,
    releasedVersion(readRemoteMap(localDeployments).microFrontends[name] ?? [])?.url ?? '',
  ]),
) as Record<RemoteName, string>;

/** The integrity `slice publish` lists for the build in `root`: its manifest's. */
export const manifestIntegrity = (root: string) =>
  `sha256-${createHash('sha256')
    .update(readFileSync(join(root, 'mf-manifest.json')))
    .digest('base64')}`;

/** The integrity of the build a test deployed at an entry URL (`deploy.remote`), by that URL. */
const deployedIntegrity = new Map<string, string>();

/**
 * The integrity a map lists for a slice's entry at `url`: that of the build a test deployed there,
 * else that of the slice's current build (what the local environment publishes; any other URL is a
 * remote that is down or hangs, whose integrity nothing reads).
 */
const integrityOf = (name: RemoteName, url: string) =>
  deployedIntegrity.get(url) ?? manifestIntegrity(join(repoRoot, slices[name].folder, 'dist'));

/**
 * A remote map releasing one version of each slice, at these entry URLs (none for `undefined`), in
 * an environment serving each slice from its shipped origin and that of its entry here (or `origins`).
 */
export const remoteMapOf = (
  entries: Partial<Record<RemoteName, string | undefined>>,
  origins: SliceOrigins = originsOf(
    Object.fromEntries(Object.entries(entries).filter(([, url]) => url !== undefined)) as Partial<
      Record<RemoteName, string>
    >,
  ),
) =>
  JSON.stringify({
    schema: remoteMapSchema,
    microFrontends: Object.fromEntries(
      (Object.entries(entries) as [RemoteName, string | undefined][])
        .filter((entry): entry is [RemoteName, string] => entry[1] !== undefined)
        .map(([name, url]) => [name, [sliceVersion({ url, version: 'test', integrity: integrityOf(name, url) })]]),
    ),
    environment: environmentOf(origins),
  });

/**
 * Which origin serves which slice for entries like these: the origin of the entry given for it, or
 * its shipped origin. One each: a second would be one the slice's pages fail over to.
 */
export function originsOf(entries: Partial<Record<RemoteName, string>>): SliceOrigins {
  return Object.fromEntries(
    sliceNames.map((name) => {
      const url = [entries[name], shippedRemotes[name]].find(isHttpUrl);
      return [name, url ? [new URL(url).origin] : []];
    }),
  );
}

/** The version a `slice publish` run says it published. */
export const publishedVersion = (printed: string) => printed.match(/^\w+ (\S+) is published\.$/m)?.[1];

/** The link a `slice preview` run prints (its last line). */
export const previewLink = (printed: string) => printed.trim().split('\n').at(-1) ?? '';

const portOf = (server: Server | NetServer) => (server.address() as AddressInfo).port;
const sliceCli = join(repoRoot, 'packages/deploy/src/cli.js');

/** Files of a deployment answered by a fault instead, by path (e.g. '/remotes.json'). */
type Faults = Record<string, Fault>;

interface Deployed {
  port: number;
  stop(): Promise<void>;
}

export interface Deployments {
  /**
   * The same shell build, deployed on its own port with another remote map (entry URLs merged over
   * the released ones, or the whole file as text), a CSP that frames `gameProvider` if given, and
   * `faults` answering some of its files; returns its URL. Its environment serves each slice from
   * its origin in the local environment and that of the entry given for it, or from `sliceOrigins`
   * (the map's environment, which a map given as text names itself).
   * A fault in the map's response reaches only a browser that fetches the map: that shell is a
   * static host, the browser renders.
   */
  shell(
    remotes: Partial<Record<RemoteName, string>> | string,
    options?: { gameProvider?: string; faults?: Faults; sliceOrigins?: SliceOrigins },
  ): Promise<string>;
  /**
   * The shell composing pages from a remote map file the test changes as it goes (`null`: no
   * file), with the local environment's slice origins; returns its URL and the map's writer.
   */
  shellOnMap(map: string | null): Promise<{ url: string; writeMap(map: string | null): void }>;
  /** The composer on its own port, reading `remoteMap` (a file or a URL, which names its environment); returns its URL. */
  composer(remoteMap: string): Promise<string>;
  /**
   * One remote's build (or the build in `root`) on `port` (any free one by default), with `faults`;
   * returns its entry (manifest) URL. `requested` gets the path of every request it answers.
   */
  remote(
    name: RemoteName,
    options?: { port?: number; root?: string; faults?: Faults; requested?: string[] },
  ): Promise<Deployed & { entry: string }>;
  /**
   * A whole environment of its own: every slice's current build published and released in a new
   * deployment root (with its signing key), each slice on a port of its own, and the shell, its
   * /metrics on a port of their own; `slice` runs the deployment CLI against it, as a slice team
   * would.
   */
  environment(): Promise<{
    url: string;
    metrics: string;
    root: string;
    slice(...args: string[]): string;
    /** Each slice's origin, a Node server of its own: `stop()` stops it (an origin that goes down). */
    origins: Record<RemoteName, Deployed & { origin: string }>;
    /**
     * Another origin serving a slice's versions (its folder of the root), on `port` (any free one by
     * default; a stopped origin's port brings it back).
     */
    serveSlice(name: RemoteName, port?: number): Promise<Deployed & { origin: string }>;
  }>;
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
    /**
     * Serves with `handler` the files in `root`, sending the requests for some of them to their
     * faults, and noting each path in `requested`.
     */
    const serve = async (
      handler: ReturnType<typeof sliceHandler>,
      root: string,
      port: number,
      faults: Faults = {},
      requested: string[] = [],
    ) => {
      const server = await listen((req, res) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        requested.push(path);
        const fault = faults[path];
        if (!fault) return handler(req, res);
        const file = join(root, path);
        fault(req, res, existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
      }, port);
      const stop = () => stopHttp(server);
      cleanups.push(stop);
      return { port: portOf(server), stop };
    };
    const deploy: Deployments = {
      async shell(remotes, { gameProvider, faults, sliceOrigins: given } = {}) {
        const environment = temporary('nova-environment-');
        const remoteMap = remoteMapFile(environment);
        const sliceOrigins = given ?? originsOf(typeof remotes === 'string' ? {} : remotes);
        writeFileSync(
          remoteMap,
          typeof remotes === 'string' ? remotes : remoteMapOf({ ...shippedRemotes, ...remotes }, sliceOrigins),
        );
        const origins = [...new Set(Object.values(sliceOrigins).flat())];
        const handler = faults?.['/remotes.json']
          ? staticShellOrigin({ root: shellBuild, remoteMap, origins, gameProvider })
          : await composerInProcess({ remoteMap, gameProvider });
        const { port } = await serve(handler, environment, 0, faults);
        return `http://localhost:${port}`;
      },
      async shellOnMap(map) {
        const remoteMap = remoteMapFile(temporary('nova-environment-'));
        const writeMap = (text: string | null) => {
          if (text === null) rmSync(remoteMap, { force: true });
          else writeFileSync(remoteMap, text);
        };
        writeMap(map);
        const handler = await composerInProcess({ remoteMap });
        cleanups.push(handler.close);
        const { port } = await serve(handler, shellBuild, 0);
        return { url: `http://localhost:${port}`, writeMap };
      },
      async composer(remoteMap) {
        const handler = await composerInProcess({ remoteMap });
        cleanups.push(handler.close);
        const { port } = await serve(handler, shellBuild, 0);
        return `http://localhost:${port}`;
      },
      async remote(name, { port = 0, root = join(repoRoot, slices[name].folder, 'dist'), faults, requested } = {}) {
        const deployed = await serve(sliceHandler({ root }), root, port, faults, requested);
        const entry = `http://localhost:${deployed.port}/mf-manifest.json`;
        deployedIntegrity.set(entry, manifestIntegrity(root));
        return { ...deployed, entry };
      },
      async environment() {
        const root = temporary('nova-deployments-');
        const serveSlice = async (name: RemoteName, port = 0) => {
          const served = await serve(sliceHandler({ root: join(root, name) }), join(root, name), port);
          return { ...served, origin: `http://localhost:${served.port}` };
        };
        const origins = {} as Record<RemoteName, Deployed & { origin: string }>;
        for (const name of sliceNames) {
          mkdirSync(join(root, name));
          origins[name] = await serveSlice(name);
        }
        writeFileSync(
          join(root, 'environment.json'),
          JSON.stringify({ origins: Object.fromEntries(sliceNames.map((name) => [name, origins[name].origin])) }),
        );
        const slice = (...args: string[]) =>
          execFileSync(process.execPath, [sliceCli, ...args, '--root', root], { encoding: 'utf8' });
        slice('publish', '--all', '--built', '--release');
        const handler = await composerInProcess({
          remoteMap: remoteMapFile(root),
          signingKey: localSigningKey(root),
          // A team may develop its slice inside it (`slice dev`), as in the local environment.
          overrides: true,
        });
        cleanups.push(handler.close);
        const { port } = await serve(handler, root, 0);
        await new Promise<void>((resolve) => handler.metrics.listen(0, '127.0.0.1', resolve));
        cleanups.push(() => stopHttp(handler.metrics));
        const metrics = `http://127.0.0.1:${portOf(handler.metrics)}/metrics`;
        return { url: `http://localhost:${port}`, metrics, root, slice, origins, serveSlice };
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
      freePort: () => freePort(),
    };
    await use(deploy);
    for (const cleanup of cleanups.reverse()) await cleanup();
  },
});

export { expect } from './fixtures.ts';
