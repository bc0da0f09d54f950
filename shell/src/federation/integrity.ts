import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { isIntegrity } from '@nova/contracts/remote-map';
import { takeBootManifest } from './boot-handover.ts';
import { devServers } from './remote-map-reader.ts';

// Subresource integrity where the federation runtime loads a slice: its manifest is fetched with
// the integrity its map entry names (`slice publish` lists it), and its remote entry is loaded
// only once it matches the integrity that checked manifest names (`remoteEntryIntegrity`, stamped
// by the build). The chunks the entry imports are named by their content's hash, served
// immutable from the slice's own origin, and not checked here.

/** The integrity each remote's manifest is fetched with, by remote: as its map entry names it. */
const manifestIntegrity = new Map<string, string>();
/** The integrity of each remote's entry script, by remote: as its checked manifest names it. */
const entryIntegrity = new Map<string, string>();
/** The remotes a development override serves from a dev server, as the composer vouched. */
const vouched = new Set<string>();

/** Whether a remote may load without integrity: under Vite's dev server, or vouched for as an override. */
const uncheckedAllowed = (name: string | undefined) => devServers() || (name !== undefined && vouched.has(name));

/**
 * The integrity of the entry `name` is registered with: its manifest's, or, for an entry that is
 * not a manifest (the runtime's rule: no ".json" in it), the script's own.
 */
export function expectIntegrity(name: string, entry: string, integrity: string, override = false) {
  // A tab keeps the entry it first registered (a retry registers it again, as it was).
  if (override) vouched.add(name);
  manifestIntegrity.set(name, integrity);
  if (entry.includes('.json')) entryIntegrity.delete(name);
  else entryIntegrity.set(name, integrity);
}

const unchecked = (what: string) => new Error(`${what} has no integrity to be checked against: it is not loaded.`);

/**
 * Puts a module script in the document's module map, checked against `integrity`, without running
 * it: an `import()` of the same URL then takes that module and fetches nothing. A script that does
 * not match (or fails to load) fails every later import of its URL in this document.
 */
export function preloadChecked(url: string, integrity: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.setAttribute('integrity', integrity);
    link.href = url;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => reject(new Error(`${url} could not be loaded, or does not match its integrity (${integrity}).`)),
      { once: true },
    );
    document.head.append(link);
  });
}

/** The runtime plugin that checks what it loads of a slice. */
export const integrityPlugin: ModuleFederationRuntimePlugin = {
  name: 'nova-integrity',
  // A manifest the document already fetched, with the same integrity, is read from that response.
  fetch(url, init, remoteInfo) {
    const early = takeBootManifest(url);
    if (early) return early;
    const integrity = remoteInfo && manifestIntegrity.get(remoteInfo.name);
    if (integrity) return fetch(url, { ...init, integrity });
    if (!uncheckedAllowed(remoteInfo?.name)) return Promise.reject(unchecked(url));
  },
  afterLoadManifest({ moduleInfo, manifestJson }) {
    const integrity = (manifestJson as { remoteEntryIntegrity?: unknown } | undefined)?.remoteEntryIntegrity;
    if (isIntegrity(integrity)) entryIntegrity.set(moduleInfo.name, integrity);
    else entryIntegrity.delete(moduleInfo.name);
  },
  async loadEntry({ remoteInfo, remoteEntryExports }) {
    if (remoteEntryExports) return;
    const integrity = entryIntegrity.get(remoteInfo.name);
    if (integrity) await preloadChecked(remoteInfo.entry, integrity);
    else if (!uncheckedAllowed(remoteInfo.name)) throw unchecked(remoteInfo.entry);
    // The runtime imports it next: the module checked here.
  },
};
