import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/runtime';
import type { PageModule, RemoteModuleId, RemoteName } from '@nova/contracts/remote-modules';
import { takeBootManifest } from './boot.ts';
import { fetchRemoteMap, type RemoteMap } from './remote-map.ts';

// A manifest the document already fetched is read from that response, not fetched again.
registerPlugins([{ name: 'nova-boot-manifests', fetch: (url) => takeBootManifest(url) }]);

let remoteMap: Promise<RemoteMap> | undefined;
const pages = new Map<RemoteModuleId, Promise<PageModule>>();
const retries = new Map<RemoteName, number>();

const remoteOf = (id: RemoteModuleId) => id.slice(0, id.indexOf('/')) as RemoteName;

const register = (name: RemoteName, entry: string, force = false) =>
  registerRemotes([{ name, entry, type: 'module' }], { force });

/** The environment's remotes, read once and registered (nothing of a remote is fetched yet). */
export function registeredRemotes(): Promise<RemoteMap> {
  remoteMap ??= fetchRemoteMap().then((map) => {
    for (const [name, entry] of Object.entries(map.entries)) register(name as RemoteName, entry);
    return map;
  });
  // A map that could not be read is read again next time.
  remoteMap.catch(() => (remoteMap = undefined));
  return remoteMap;
}

async function loadPage(id: RemoteModuleId): Promise<PageModule> {
  const { problems } = await registeredRemotes();
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
  const entry = (await registeredRemotes()).entries[name];
  if (entry) {
    const retry = (retries.get(name) ?? 0) + 1;
    retries.set(name, retry);
    const url = new URL(entry);
    url.searchParams.set('retry', String(retry));
    register(name, url.href, true);
  }
  pages.delete(id);
  return loadRemotePage(id);
}
