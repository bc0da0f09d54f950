import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import type { PageModule, RemoteModuleId, RemoteName } from '@nova/contracts/remote-modules';
import { splitPage } from '@nova/contracts/routes';
import { expectIntegrity, integrityPlugin } from './integrity.ts';
import { fetchRemoteMap, type RemoteMap } from './remote-map-reader.ts';

// What the runtime loads of a slice is checked against the integrity its map entry names.
registerPlugins([integrityPlugin]);

/** The environment's map, read from /remotes.json when first needed. */
let remoteMap: Promise<RemoteMap> | undefined;
/** What the server composed this page with: the page's slice only. */
let fromServer: RemoteMap | undefined;
/** Each remote's entry as registered: a tab keeps the version it first loaded. */
const registered = new Map<RemoteName, string>();
/** The version of each registered entry, as its map named it. */
const versions = new Map<RemoteName, string>();
const pages = new Map<RemoteModuleId, Promise<PageModule>>();
const retries = new Map<RemoteName, number>();

const remoteOf = (id: RemoteModuleId) => splitPage(id).remote;

/** The integrity of each registered entry (its manifest's), as its map named it. */
const integrities = new Map<RemoteName, string>();
/** Each remote's origins, in the order they are tried (its map's), and the one it is loaded from now. */
const origins = new Map<RemoteName, { all: readonly string[]; now: string }>();

const register = (name: RemoteName, entry: string, integrity: string, force = false, override = false) => {
  expectIntegrity(name, entry, integrity, override);
  registerRemotes([{ name, entry, type: 'module' }], { force });
  if (!force) registered.set(name, entry);
};

/** Who waits for a remote's version until a map registers the remote. */
const versionWaiters = new Map<RemoteName, ((version: string | undefined) => void)[]>();

const registerAll = (map: RemoteMap) => {
  for (const [name, entry] of Object.entries(map.entries)) {
    if (registered.has(name as RemoteName)) continue;
    const integrity = map.integrities[name as RemoteName] ?? '';
    integrities.set(name as RemoteName, integrity);
    // Vouched for only where the server named this entry's origin as the override's dev server.
    const override = map.overrides?.[name as RemoteName] === new URL(entry).origin;
    register(name as RemoteName, entry, integrity, false, override);
    const from = new URL(entry).origin;
    const listed = map.origins[name as RemoteName] ?? [];
    // A dev server of an override, or an entry on no listed origin, has no other origin to go to.
    if (!override && listed.includes(from)) origins.set(name as RemoteName, { all: listed, now: from });
    // A preview or an override is the team's own tab, not a visitor: its signals are not reported
    // (no field-signal token names a previewed version anyway).
    const version = map.previews[name as RemoteName] || override ? undefined : map.versions[name as RemoteName];
    if (version) versions.set(name as RemoteName, version);
    for (const resolve of versionWaiters.get(name as RemoteName) ?? []) resolve(version);
    versionWaiters.delete(name as RemoteName);
  }
};

/**
 * Starts from what the server composed the page with, so hydration needs no request; the
 * environment's map is read when a page of another slice needs it.
 */
export function startFromServer(map: RemoteMap): RemoteMap {
  fromServer = map;
  registerAll(map);
  return map;
}

/** The environment's remotes, read once and registered (nothing of a remote is fetched yet). */
export function registeredRemotes(): Promise<RemoteMap> {
  remoteMap ??= fetchRemoteMap(fromServer?.overrides).then((map) => {
    registerAll(map);
    return map;
  });
  // A map that could not be read is read again next time.
  remoteMap.catch(() => (remoteMap = undefined));
  return remoteMap;
}

/** The map that knows `name`: the server's if it named it, else the environment's. */
const mapFor = (name: RemoteName) =>
  fromServer && (name in fromServer.entries || name in fromServer.problems) ? fromServer : registeredRemotes();

/**
 * The version of a remote this tab loads its pages from (what its field signals are attributed
 * to), once a map registered it; none if that map names no version. It never reads the map
 * itself: a signal costs no request, and a Retry is never left waiting behind a read it started.
 */
export function registeredVersion(name: RemoteName): Promise<string | undefined> {
  if (registered.has(name)) return Promise.resolve(versions.get(name));
  return new Promise((resolve) => versionWaiters.set(name, [...(versionWaiters.get(name) ?? []), resolve]));
}

/** Registers a remote anew at `entry` (on its next origin, or under a fresh query), checked as before. */
const reregister = (name: RemoteName, entry: string) => register(name, entry, integrities.get(name) ?? '', true);

/**
 * The remote's entry on its next origin (the same path there), where its map lists more than one:
 * the loads after this one fetch its manifest, its entry and its chunks from there.
 */
function nextOrigin(name: RemoteName): string | undefined {
  const served = origins.get(name);
  const entry = registered.get(name);
  if (!served || !entry || served.all.length < 2) return undefined;
  const next = served.all[(served.all.indexOf(served.now) + 1) % served.all.length] as string;
  const url = new URL(entry);
  const moved = next + url.pathname + url.search;
  origins.set(name, { ...served, now: next });
  registered.set(name, moved);
  return moved;
}

/** How long a page load may take on one origin of several before the next is asked. */
export const originAttemptMs = 2000;

/** `promise`, or a failure saying `why` if it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, why: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(why)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Loads a page from the origin its remote is registered on, and, where that fails (refused, an
 * error, a manifest that is not the one its integrity names, no answer within originAttemptMs),
 * from each next origin of the remote in turn: the visitor sees a fallback only when every origin
 * failed.
 */
async function loadPage(id: RemoteModuleId): Promise<PageModule> {
  const name = remoteOf(id);
  const { problems } = await mapFor(name);
  const problem = problems[name];
  if (problem) throw new Error(problem);
  const tries = origins.get(name)?.all.length ?? 1;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const load = loadRemote<PageModule>(id);
      // Where a next origin is left, one that hangs is left for it.
      const module = await (attempt < tries
        ? within(load, originAttemptMs, `${id} did not arrive within ${originAttemptMs} ms`)
        : load);
      if (!module) throw new Error(`${id} could not be loaded.`);
      return module;
    } catch (error) {
      const moved = attempt < tries ? nextOrigin(name) : undefined;
      if (!moved) throw error;
      reregister(name, moved);
    }
  }
}

/**
 * Loads an exposed page, typed by its contract. The loads of one page are shared until one
 * fails, so the route can start it early and its slot render the same one.
 */
export function loadRemotePage(id: RemoteModuleId): Promise<PageModule> {
  let page = pages.get(id);
  if (!page) {
    page = loadPage(id);
    pages.set(id, page);
    page.catch(() => pages.delete(id));
  }
  return page;
}

/**
 * Loads a page again, fetching its remote's entry anew (from its next origin, where it has
 * several): the browser keeps a failed or hanging fetch for the page's lifetime, so the entry URL
 * gets a fresh query.
 */
export async function retryRemotePage(id: RemoteModuleId): Promise<PageModule> {
  const name = remoteOf(id);
  await mapFor(name);
  // On the remote's next origin where it has several, under a fresh query either way.
  const entry = nextOrigin(name) ?? registered.get(name);
  if (entry) {
    const retry = (retries.get(name) ?? 0) + 1;
    retries.set(name, retry);
    const url = new URL(entry);
    url.searchParams.set('retry', String(retry));
    reregister(name, url.href);
  }
  pages.delete(id);
  return loadRemotePage(id);
}
