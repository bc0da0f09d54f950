// @ts-check

/**
 * What the document fetched before the shell's modules ran, for the shell to take over (each
 * response once): the remote map, and the manifest of the remote the first page needs, by URL.
 * @typedef {{ remoteMap?: Promise<Response>, manifests: Map<string, Promise<Response>> }} Boot
 */

/**
 * Runs inline in the shell's document, before any module: fetches the remote map and, for the
 * page the address asks for, its remote's manifest, then modulepreloads that page's files. All
 * of it downloads alongside the shell's own files instead of after them. Self-contained: the
 * build inlines its source.
 * @param {[path: string, remote: string, page: string][]} pages  each page: path pattern, remote, exposed name
 */
export function bootPageRemote(pages) {
  const segments = (/** @type {string} */ path) => path.toLowerCase().split('/').filter(Boolean);
  const here = segments(location.pathname);
  const match = pages.find(([path]) => {
    const pattern = segments(path);
    return pattern.length === here.length && pattern.every((part, i) => part.startsWith(':') || part === here[i]);
  });

  const remoteMap = fetch('/remotes.json', { priority: 'high' });
  /** @type {Boot} */
  const boot = { remoteMap, manifests: new Map() };
  Object.assign(globalThis, { novaBoot: boot });
  if (!match) return;
  const [, remote, page] = match;

  const preload = (/** @type {URL} */ url) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url.href;
    document.head.append(link);
  };
  remoteMap
    .then(async (mapResponse) => {
      // The released version's URL (the frontend-discovery shape: the default one); a preview,
      // which only this tab asks for, is left to the shell.
      const versions = (await mapResponse.clone().json())?.microFrontends?.[remote];
      const entry = Array.isArray(versions) ? versions.find((version) => version?.deployment?.default === true)?.url : undefined;
      if (typeof entry !== 'string' || !/^https?:\/\//.test(entry)) return;
      // The federation runtime's rule: an entry with ".json" in it is a manifest.
      if (!entry.includes('.json')) return preload(new URL(entry));
      const manifestResponse = fetch(entry, { priority: 'high' });
      boot.manifests.set(entry, manifestResponse);
      const manifest = await (await manifestResponse).clone().json();
      const files = manifest.exposes.find((/** @type {{ name: string }} */ expose) => expose.name === page).assets.js;
      for (const file of [manifest.metaData.remoteEntry.name, ...files.sync, ...files.async]) preload(new URL(file, entry));
    })
    // Only a head start: the shell loads, and reports, whatever failed here on its own.
    .catch(() => undefined);
}
