// What the discovery service's tests share: a database of their own on the run's cluster, running
// instances of the service, and an environment set up as an administrator would.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageDeclaration } from '@nova/contracts/pages';
import { remoteMapSchema } from '@nova/contracts/remote-map';
import { legacyPages } from '@nova/contracts/routes';
import { slices } from '@nova/contracts/slices';
import { afterAll, inject } from 'vitest';
import { startDiscovery } from './service.mjs';
import { databaseOn } from './postgres.mjs';

/** The slice CLI, as the deploy package installs it. */
const cli = join(import.meta.dirname, '../node_modules/.bin/slice');

const cleanups: (() => unknown)[] = [];
/** Registers what to stop or remove once the file's tests are done (from a test or a hook too). */
export const afterTheseTests = (cleanup: () => unknown) => void cleanups.push(cleanup);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The administrator's token, random as the service requires (one per test file). */
export const adminToken = randomBytes(32).toString('base64url');
export const admin = { authorization: `Bearer ${adminToken}` };

/** Each slice's origin in the tests' environments. */
export const origins = {
  marketing: 'http://localhost:4174',
  games: 'http://localhost:4175',
  legal: 'http://localhost:4176',
  contact: 'http://localhost:4177',
};

/** A new, empty database on the run's cluster (or the cluster at `clusterUrl`); its URL. */
export const freshDatabase = (clusterUrl = inject('postgresUrl')) =>
  databaseOn(new URL(clusterUrl).searchParams.get('host') ?? '', `test_${randomBytes(6).toString('hex')}`);

/** An instance of the service on a database, closed after the file's tests; its URL. */
export async function startInstance(databaseUrl: string, log: (line: string) => void = () => undefined) {
  const instance = await startDiscovery({ databaseUrl, adminToken, host: '127.0.0.1', log });
  afterTheseTests(() => instance.close());
  return instance.url;
}

/** A request to the service (a path on `base`). */
export const call = (base: string, path: string, init: RequestInit = {}) => fetch(new URL(path, base), init);

/** A map that lists no slice yet: an environment's first. */
export const emptyMap = {
  schema: remoteMapSchema,
  microFrontends: {},
};

/** A service of its own on a fresh database, with staging and production set up: its address and database. */
export async function serviceWithEnvironments() {
  const databaseUrl = await freshDatabase();
  const base = await startInstance(databaseUrl);
  await stagingAndProduction(base);
  return { base, databaseUrl };
}

/** Sets up staging and production (staged in staging) with the tests' origins, each with an empty first map. */
export async function stagingAndProduction(base: string) {
  for (const [name, stagedIn] of [
    ['staging', null],
    ['production', 'staging'],
  ] as const) {
    const sliceOrigins = Object.fromEntries(Object.entries(origins).map(([slice, origin]) => [slice, [origin]]));
    const saved = await call(base, `/environments/${name}`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ sliceOrigins, stagedIn }),
    });
    if (saved.status !== 201) throw new Error(`${name}: ${saved.status} ${await saved.text()}`);
    const started = await call(base, `/environments/${name}/remotes.json`, {
      method: 'PUT',
      headers: { ...admin, 'if-none-match': '*' },
      body: JSON.stringify(emptyMap),
    });
    if (started.status !== 201) throw new Error(`${name}'s map: ${started.status} ${await started.text()}`);
  }
}

/** A team's token, made by the administrator. */
export async function tokenFor(base: string, team: string, slices: string[], environments: string[]) {
  const made = await call(base, '/tokens', {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ team, slices, environments }),
  });
  if (made.status !== 201) throw new Error(`token: ${made.status} ${await made.text()}`);
  return (await made.json()) as { id: string; token: string };
}

type Entry = {
  url: string;
  metadata: { version: string; integrity: string };
  deployment: { traffic: number; default: boolean };
};
type Map = { schema: string; microFrontends: Record<string, Entry[]> };

/** The environment the tests' environments are served with: the tests' origins, the slice list's paths. */
export const testEnvironment = {
  slices: Object.fromEntries(
    Object.entries(origins).map(([slice, origin]) => [
      slice,
      { origins: [origin], paths: [...slices[slice as keyof typeof origins].paths] },
    ]),
  ),
};

/** A version's entry at a slice's test origin (`at`: another origin), released or listed only. */
export const entry = (
  slice: keyof typeof origins,
  version: string,
  { released = false, at = origins[slice] } = {},
) => ({
  url: `${at}/${version}/mf-manifest.json`,
  metadata: { version, integrity: `sha256-${slice}-${version}` },
  deployment: { traffic: released ? 100 : 0, default: released },
});

type ServedEnvironment = { slices: Record<string, { origins: string[]; paths: string[] }> };

/**
 * An environment's map now, as a team writes it (without the environment it is served with), its
 * ETag, and the environment.
 */
export async function readMap(base: string, environment: string) {
  const response = await call(base, `/environments/${environment}/remotes.json`);
  if (response.status !== 200) throw new Error(`${environment}: ${response.status}`);
  const { environment: served, ...map } = (await response.json()) as Map & { environment: ServedEnvironment };
  return { etag: response.headers.get('etag')!, map: map as Map, environment: served };
}

/** Writes a map based on revision `etag` with a token (none: anonymous); the answer. */
export const writeMap = (
  base: string,
  environment: string,
  map: unknown,
  { token, etag, headers = {} }: { token?: string; etag?: string; headers?: Record<string, string> },
) =>
  call(base, `/environments/${environment}/remotes.json`, {
    method: 'PUT',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(etag ? { 'if-match': etag } : {}),
      ...headers,
    },
    body: typeof map === 'string' ? map : JSON.stringify(map),
  });

/** Reads an environment's map, changes one slice's entries and writes it back with a token; the answer. */
export async function changeSlice(
  base: string,
  environment: string,
  token: string | undefined,
  slice: string,
  change: (entries: Entry[]) => Entry[],
  headers: Record<string, string> = {},
) {
  const { etag, map } = await readMap(base, environment);
  const next = { ...map, microFrontends: { ...map.microFrontends, [slice]: change(map.microFrontends[slice] ?? []) } };
  return writeMap(base, environment, next, { token, etag, headers });
}

/**
 * A tiny build of a slice that passes the contract check: it declares its pages (by default the
 * slice's pages of today) and exposes their modules, shares nothing.
 */
export function fakeBuild(slice: string, edition: number | string, pages: PageDeclaration[] = legacyPages(slice)) {
  const dist = mkdtempSync(join(tmpdir(), `nova-build-${slice}-`));
  afterTheseTests(() => rmSync(dist, { recursive: true, force: true }));
  const exposes = [...new Set(pages.map(({ module }) => module))].map((name) => ({ name }));
  writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: slice, exposes, shared: [], pages }));
  writeFileSync(join(dist, 'remoteEntry.js'), `export const edition = ${JSON.stringify(edition)};`);
  return dist;
}

/** A deployment root whose slice origins are the tests' origins, and a shell build to check against. */
function deploymentRoot() {
  const root = mkdtempSync(join(tmpdir(), 'nova-root-'));
  afterTheseTests(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'environment.json'), JSON.stringify({ origins }));
  writeFileSync(join(root, 'shell-manifest.json'), JSON.stringify({ exposes: [], shared: [] }));
  return root;
}

/** One CLI run: its exit code and what it printed (a failing run does not throw). */
export type CliRun = { code: number; stdout: string; stderr: string };

/**
 * The slice CLI as a team runs it against environments of the service on `bases` (several
 * instances), from a deployment root (by default one of its own) whose slice origins are the
 * tests' origins; `as(token)` runs it with that token in SLICE_TOKEN (in `cwd`: the folder of a
 * slice the workspace does not have, whose package.json gives its versions).
 */
export function sliceCli(bases: string[], root = deploymentRoot(), { cwd }: { cwd?: string } = {}) {
  const shellManifest = join(root, 'shell-manifest.json');
  const maps = (environment: string) =>
    bases.flatMap((base) => ['--map', new URL(`/environments/${environment}/remotes.json`, base).href]);
  const as =
    (token: string | undefined) =>
    (environment: string, ...args: string[]) =>
      new Promise<CliRun>((done) => {
        const env = { ...process.env, SLICE_TOKEN: token ?? '' };
        const where = ['--root', root, '--shell-manifest', shellManifest, ...maps(environment)];
        execFile(cli, [...args, ...where], { encoding: 'utf8', env, cwd }, (error, stdout, stderr) =>
          done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
  return { root, as };
}

/** The version a `slice publish` run printed. */
export const publishedVersion = (run: CliRun) =>
  /^\w+ (\S+) is published\.$/m.exec(run.stdout)?.[1] ?? run.stdout + run.stderr;
