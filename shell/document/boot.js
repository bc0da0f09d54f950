// @ts-check

/**
 * What the document read and fetched before the shell's modules ran, for the shell to take over
 * (each once): the server's data block, parsed (server HTML only); the remote map (a static
 * document only); the manifest of the remote the first page needs, by URL.
 * @typedef {object} Boot
 * @property {import('./data-block.js').DataBlock} [dataBlock]
 * @property {Promise<Response>} [remoteMap]
 * @property {Map<string, Promise<Response>>} manifests
 */

/**
 * The shell's modules as its build lists them: its entry, and what the entry imports, the largest
 * first (`preloadEveryScript` in shell/build/plugins.js orders them).
 * @typedef {object} Bootstrap
 * @property {string} script
 * @property {string[]} preloads
 */

/**
 * Runs inline in the shell's document, before any module: starts the shell's modules (the
 * bootstrap list the build writes into this call), fetches the remote map and, for the page at
 * this address, its remote's manifest, then modulepreloads the files that page imports. All of it
 * downloads alongside the shell's own files instead of after them. A static document (no data
 * block) starts at once, matching the address against the pages the map's released versions
 * declare. Under server HTML (the
 * composer's data block, data-block.js), the page and its slice's entry are the ones
 * the server composed, and everything, the shell's own modules too, starts after the first paint:
 * the HTML paints without scripts competing for the network. The dev server's document has no
 * bootstrap list: its own module scripts start the shell. Self-contained: the build inlines its
 * source, and that of the functions it is given.
 * @param {typeof import('./data-block.js').readDataBlock} readDataBlock
 * @param {string} dataBlockId
 * @param {typeof import('@nova/contracts/routes').splitPage} splitPage
 * @param {Bootstrap} [bootstrap]
 */
export function bootPageRemote(readDataBlock, dataBlockId, splitPage, bootstrap) {
  const dataBlock = readDataBlock(dataBlockId);

  // Under server HTML the page names the entry of its slice it was composed with; a static
  // document reads the environment's map.
  const remoteMap = dataBlock ? undefined : fetch('/remotes.json', { priority: 'high' });
  /** @type {Boot} */
  const boot = { dataBlock, remoteMap, manifests: new Map() };
  Object.assign(globalThis, { novaBoot: boot });

  /**
   * Whether an address pattern (`/games/:gameId`, a final `*`) matches this address: contracts'
   * matchPattern in a few lines, as an inline script imports nothing. Only a head start: the
   * router matches with matchPattern itself and takes over.
   */
  const matchesHere = (/** @type {unknown} */ pattern) => {
    const segments = (/** @type {string} */ path) => path.toLowerCase().split('/').filter(Boolean);
    if (typeof pattern !== 'string') return false;
    const [wanted, here] = [segments(pattern), segments(location.pathname)];
    const splat = wanted.at(-1) === '*';
    if (splat ? here.length < wanted.length - 1 : here.length !== wanted.length) return false;
    return wanted.every((part, i) => part === '*' || part.startsWith(':') || part === here[i]);
  };

  /**
   * The page at this address, its slice's released entry and that entry's integrity: the ones the
   * data block names under server HTML; on a static document, those of the released version whose
   * declared pages match the address (the frontend-discovery shape: the default version).
   * @returns {Promise<{ remote: string, exposed: string, url?: unknown, integrity?: unknown } | undefined>}
   */
  const pageHere = async () => {
    if (dataBlock) {
      if (!dataBlock.page) return undefined;
      const { remote, exposed } = splitPage(dataBlock.page);
      return { remote, exposed, url: dataBlock.remotes?.[remote], integrity: dataBlock.integrities?.[remote] };
    }
    const map = await /** @type {Promise<Response>} */ (remoteMap).then((response) => response.clone().json());
    for (const [remote, versions] of Object.entries(map?.microFrontends ?? {})) {
      const released = Array.isArray(versions) ? versions.find((version) => version?.deployment?.default === true) : {};
      const pages = Array.isArray(released?.metadata?.pages) ? released.metadata.pages : [];
      const page = pages.find((/** @type {{ path?: unknown }} */ declared) => matchesHere(declared?.path));
      if (page)
        return { remote, exposed: String(page.module), url: released.url, integrity: released.metadata.integrity };
    }
    return undefined;
  };

  /** Modulepreloads a script; checked against its integrity, if it has one. */
  const preload = (/** @type {URL} */ url, /** @type {string} */ integrity = '') => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    if (integrity) link.setAttribute('integrity', integrity);
    link.href = url.href;
    document.head.append(link);
  };
  /** An integrity as the map and the manifest name them (the shell checks them again). */
  const integrityOf = (/** @type {unknown} */ value) =>
    typeof value === 'string' && /^sha(256|384|512)-/.test(value) ? value : undefined;
  const preloadPage = () => {
    pageHere()
      .then(async (here) => {
        if (!here) return;
        const { exposed, url: entry, integrity: listed } = here;
        // A preview, which only this tab asks for, is left to the shell; so is an entry without
        // an integrity, which the shell refuses (nothing of it may load unchecked).
        const integrity = integrityOf(listed);
        if (typeof entry !== 'string' || !/^https?:\/\//.test(entry) || !integrity) return;
        // The federation runtime's rule: an entry with ".json" in it is a manifest.
        if (!entry.includes('.json')) return preload(new URL(entry), integrity);
        const manifestResponse = fetch(entry, { priority: 'high', integrity });
        boot.manifests.set(entry, manifestResponse);
        const manifest = await (await manifestResponse).clone().json();
        // What the page imports (sync); its lazy parts (async) load when it asks for them, not
        // ahead of the files it needs to respond. The entry only with the integrity the checked
        // manifest names for it: the shell imports what is preloaded here.
        const files = manifest.exposes.find((/** @type {{ name: string }} */ expose) => expose.name === exposed).assets
          .js;
        const entryIntegrity = integrityOf(manifest.remoteEntryIntegrity);
        if (entryIntegrity) preload(new URL(manifest.metaData.remoteEntry.name, entry), entryIntegrity);
        for (const file of files.sync) preload(new URL(file, entry));
      })
      // Only a head start: the shell loads, and reports, whatever failed here on its own.
      .catch(() => undefined);
  };

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    preloadPage();
    if (!bootstrap) return;
    // The entry first: it starts the bootstrap; the rest arrives while it runs.
    for (const href of [bootstrap.script, ...bootstrap.preloads]) preload(new URL(href, location.href));
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = bootstrap.script;
    // Run as a module script of the document would: once it is parsed (#root whole).
    if (document.readyState !== 'loading') document.head.append(script);
    else document.addEventListener('DOMContentLoaded', () => document.head.append(script), { once: true });
  };
  if (!dataBlock) return start();
  // After the first contentful paint (a performance entry, not a timer, so fake clocks in tests
  // do not hold it back), not on load, which often comes first: a request started before the
  // paint counts against it. Where paints are not timed, on load. A hidden tab paints nothing:
  // it starts at once.
  if (document.visibilityState === 'hidden') return start();
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint'))
    return addEventListener('load', start, { once: true });
  new PerformanceObserver((paints) => {
    if (paints.getEntriesByName('first-contentful-paint').length > 0) start();
  }).observe({ type: 'paint', buffered: true });
}
