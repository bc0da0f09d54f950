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

async function loadPage(id: RemoteModuleId): Promise<PageModule> {
  const { problems } = await mapFor(remoteOf(id));
  const problem = problems[remoteOf(id)];
  if (problem) throw new Error(problem);
  const module = await loadRemote<PageModule>(id);
  if (!module) throw new Error(`${id} could not be loaded.`);
  return module;
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
 * Loads a page again, fetching its remote's entry anew: the browser keeps a failed or hanging
 * fetch for the page's lifetime, so the entry URL gets a fresh query.
 */
export async function retryRemotePage(id: RemoteModuleId): Promise<PageModule> {
  const name = remoteOf(id);
  await mapFor(name);
  const entry = registered.get(name);
  if (entry) {
    const retry = (retries.get(name) ?? 0) + 1;
    retries.set(name, retry);
    const url = new URL(entry);
    url.searchParams.set('retry', String(retry));
    register(name, url.href, integrities.get(name) ?? '', true);
  }
  pages.delete(id);
  return loadRemotePage(id);
}
