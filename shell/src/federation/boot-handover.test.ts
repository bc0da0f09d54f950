import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  delete (globalThis as { novaBoot?: unknown }).novaBoot;
  vi.resetModules();
});

describe("the document's head start", () => {
  it('hands over what the boot script fetched, each response once', async () => {
    const remoteMap = Promise.resolve(Response.json({}));
    const manifest = Promise.resolve(Response.json({ id: 'games' }));
    const url = 'http://localhost:4175/mf-manifest.json';
    Object.assign(globalThis, { novaBoot: { remoteMap, manifests: new Map([[url, manifest]]) } });
    const { takeBootManifest, takeBootRemoteMap } = await import('./boot-handover.ts');

    expect(takeBootRemoteMap()).toBe(remoteMap);
    expect(takeBootRemoteMap()).toBeUndefined();
    expect(takeBootManifest('http://localhost:4176/mf-manifest.json')).toBeUndefined();
    expect(takeBootManifest(url)).toBe(manifest);
    expect(takeBootManifest(url)).toBeUndefined();
  });

  it('hands over nothing where no boot script ran', async () => {
    const { takeBootManifest, takeBootRemoteMap } = await import('./boot-handover.ts');
    expect(takeBootRemoteMap()).toBeUndefined();
    expect(takeBootManifest('http://localhost:4175/mf-manifest.json')).toBeUndefined();
  });
});
