import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Boot } from '../../document/boot.js';

const manifestUrl = 'http://localhost:4176/1.0.0-bbbb/mf-manifest.json';
const entryUrl = 'http://localhost:4176/1.0.0-bbbb/remoteEntry.js';
const manifestIntegrity = `sha256-${'M'.repeat(43)}=`;
const entryIntegrity = `sha256-${'E'.repeat(43)}=`;

// The module keeps what it was told of each remote, and reads the boot script's fetches once: each
// test starts afresh.
const freshIntegrity = async () => {
  vi.resetModules();
  return import('./integrity.ts');
};
/** One of the plugin's hooks, to call as the runtime would, with what the test gives it. */
const hook = (plugin: object, name: 'fetch' | 'afterLoadManifest' | 'loadEntry') =>
  (plugin as Record<string, (...args: unknown[]) => unknown>)[name]!;
const legal = { name: 'legal', entry: entryUrl };
/** Tells the plugin the runtime loaded legal's manifest (checked), with this content. */
const loadedManifest = (plugin: object, manifestJson: object) =>
  hook(plugin, 'afterLoadManifest')({ moduleInfo: { name: 'legal' }, manifestJson });

/** The preloads the plugin put in the document, with the integrity each is checked against. */
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('integrity'),
    link.getAttribute('crossorigin'),
  ]);

describe('the integrity plugin', () => {
  beforeEach(() => {
    // The shell as every build runs it: only Vite's dev server loads slices unchecked.
    vi.stubEnv('DEV', false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    document.head.replaceChildren();
    delete (globalThis as { novaBoot?: Boot }).novaBoot;
  });

  it('fetches a manifest with the integrity its map entry names', async () => {
    const { expectIntegrity, integrityPlugin } = await freshIntegrity();
    expectIntegrity('legal', manifestUrl, manifestIntegrity);
    await hook(integrityPlugin, 'fetch')(manifestUrl, { method: 'GET' }, legal);
    expect(fetch).toHaveBeenCalledWith(manifestUrl, { method: 'GET', integrity: manifestIntegrity });
  });

  it('takes the response the boot script fetched (with the same integrity) instead of fetching again', async () => {
    const early = Promise.resolve(new Response('{"early":true}'));
    const boot: Boot = { manifests: new Map([[manifestUrl, early]]) };
    Object.assign(globalThis, { novaBoot: boot });
    const { expectIntegrity, integrityPlugin } = await freshIntegrity();
    expectIntegrity('legal', manifestUrl, manifestIntegrity);
    expect(hook(integrityPlugin, 'fetch')(manifestUrl, {}, legal)).toBe(early);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches no manifest it has no integrity for, but on the dev server', async () => {
    const { integrityPlugin } = await freshIntegrity();
    await expect(hook(integrityPlugin, 'fetch')(manifestUrl, {}, legal)).rejects.toThrow(
      `${manifestUrl} has no integrity to be checked against: it is not loaded.`,
    );
    vi.stubEnv('DEV', true);
    expect(hook(integrityPlugin, 'fetch')(manifestUrl, {}, legal)).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads a remote entry only once it matches the integrity its checked manifest names', async () => {
    const { expectIntegrity, integrityPlugin } = await freshIntegrity();
    expectIntegrity('legal', manifestUrl, manifestIntegrity);
    loadedManifest(integrityPlugin, { remoteEntryIntegrity: entryIntegrity });
    let loaded = false;
    const loading = hook(integrityPlugin, 'loadEntry')({ remoteInfo: legal }) as Promise<unknown>;
    void loading.then(() => (loaded = true));
    expect(preloads()).toEqual([[entryUrl, entryIntegrity, '']]);
    await Promise.resolve();
    expect(loaded).toBe(false);
    document.head.querySelector('link')!.dispatchEvent(new Event('load'));
    // Nothing in its place: the runtime imports the module the document now holds, checked.
    await expect(loading).resolves.toBeUndefined();
  });

  it('fails the entry that does not match (or fails to load): the slice falls back', async () => {
    const { expectIntegrity, integrityPlugin } = await freshIntegrity();
    expectIntegrity('legal', manifestUrl, manifestIntegrity);
    loadedManifest(integrityPlugin, { remoteEntryIntegrity: entryIntegrity });
    const loading = hook(integrityPlugin, 'loadEntry')({ remoteInfo: legal }) as Promise<unknown>;
    document.head.querySelector('link')!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(
      `${entryUrl} could not be loaded, or does not match its integrity (${entryIntegrity}).`,
    );
  });

  it('loads no entry whose manifest names no integrity for it, but on the dev server', async () => {
    const { expectIntegrity, integrityPlugin } = await freshIntegrity();
    expectIntegrity('legal', manifestUrl, manifestIntegrity);
    loadedManifest(integrityPlugin, {});
    await expect(hook(integrityPlugin, 'loadEntry')({ remoteInfo: legal })).rejects.toThrow(
      `${entryUrl} has no integrity to be checked against: it is not loaded.`,
    );
    vi.stubEnv('DEV', true);
    await expect(hook(integrityPlugin, 'loadEntry')({ remoteInfo: legal })).resolves.toBeUndefined();
    expect(preloads()).toEqual([]);
  });

  it('loads a development override the server vouched for without integrity, and no other remote so', async () => {
    const { expectIntegrity, integrityPlugin } = await freshIntegrity();
    const dev = { name: 'legal', entry: 'http://localhost:5176/remoteEntry.js' };
    expectIntegrity('legal', dev.entry, '', true);
    await expect(hook(integrityPlugin, 'loadEntry')({ remoteInfo: dev })).resolves.toBeUndefined();
    expect(hook(integrityPlugin, 'fetch')(dev.entry, {}, dev)).toBeUndefined();
    expectIntegrity('games', dev.entry, '');
    await expect(hook(integrityPlugin, 'loadEntry')({ remoteInfo: { ...dev, name: 'games' } })).rejects.toThrow(
      'has no integrity to be checked against',
    );
  });

  it("checks an entry that is not a manifest against its map entry's integrity, and leaves a loaded one alone", async () => {
    const { expectIntegrity, integrityPlugin } = await freshIntegrity();
    expectIntegrity('legal', entryUrl, entryIntegrity);
    void hook(integrityPlugin, 'loadEntry')({ remoteInfo: legal });
    expect(preloads()).toEqual([[entryUrl, entryIntegrity, '']]);
    await expect(
      hook(integrityPlugin, 'loadEntry')({ remoteInfo: legal, remoteEntryExports: { get: () => undefined } }),
    ).resolves.toBeUndefined();
    expect(preloads()).toHaveLength(1);
  });
});
