import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteModuleId, RemoteModules, RemoteName } from '@nova/contracts/remote-modules';
import { fetchRemotesConfig, type RemotesConfig } from './remotes-config.ts';

/** A remote that does not deliver its module within this time counts as failed. */
export const remoteTimeoutMs = 5000;

let entries: RemotesConfig | undefined;
const retries = new Map<RemoteName, number>();

/** Start-up: read /remotes.json and register every remote it lists (nothing is fetched yet). */
export async function registerRemotesFromConfig(): Promise<void> {
  entries = await fetchRemotesConfig();
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry, type: 'module' })));
}

/** Loads an exposed module, typed by its contract; rejects if the remote fails or hangs. */
export async function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${id} did not answer within ${remoteTimeoutMs / 1000} s.`)),
      remoteTimeoutMs,
    );
  });
  try {
    const module = await Promise.race([loadRemote<RemoteModules[Id]>(id), timeout]);
    if (!module) throw new Error(`${id} could not be loaded.`);
    return module;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loads an exposed module again, fetching its remote's entry anew. The browser keeps a failed
 * or hanging module import for the page's lifetime, so the entry URL gets a fresh query.
 */
export function retryRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModules[Id]> {
  const name = id.slice(0, id.indexOf('/')) as RemoteName;
  if (entries) {
    const retry = (retries.get(name) ?? 0) + 1;
    retries.set(name, retry);
    const entry = new URL(entries[name]);
    entry.searchParams.set('retry', String(retry));
    registerRemotes([{ name, entry: entry.href, type: 'module' }], { force: true });
  }
  return loadRemoteModule(id);
}
