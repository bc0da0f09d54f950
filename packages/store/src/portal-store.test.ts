import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistedStateKey as storageKey, persistedStateVersion } from './persisted-state.ts';
import { emptyContactDraft, randomSeed, usePortalStore } from './portal-store.ts';

const typed = { name: 'Ada', email: '', subject: '', message: 'Hello' };

/** Types into the draft the way the form does, field by field. */
function typeDraft() {
  usePortalStore.getState().updateContactDraft({ name: 'Ada' });
  usePortalStore.getState().updateContactDraft({ message: 'Hello' });
}

describe('the portal store', () => {
  let consoleOutput: ReturnType<typeof vi.spyOn>[];

  beforeEach(() => {
    usePortalStore.setState({ contactDraft: emptyContactDraft });
    sessionStorage.clear();
    consoleOutput = (['error', 'warn', 'log'] as const).map((level) => vi.spyOn(console, level));
  });

  afterEach(() => {
    for (const output of consoleOutput) expect(output).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('keeps the contact draft in the tab session storage as it is typed, with its version', () => {
    typeDraft();
    expect(usePortalStore.getState().contactDraft).toEqual(typed);
    expect(JSON.parse(sessionStorage.getItem(storageKey)!)).toEqual({
      state: { contactDraft: typed },
      version: persistedStateVersion,
    });
  });

  it('clears the draft', () => {
    usePortalStore.getState().updateContactDraft({ email: 'ada@example.com' });
    usePortalStore.getState().clearContactDraft();
    expect(usePortalStore.getState().contactDraft).toEqual(emptyContactDraft);
  });

  it('restores a stored draft of this version', async () => {
    const draft = { name: 'Grace', email: 'grace@example.com', subject: 'support', message: 'Hi' };
    sessionStorage.setItem(
      storageKey,
      JSON.stringify({ state: { contactDraft: draft }, version: persistedStateVersion }),
    );
    await usePortalStore.persist.rehydrate();
    expect(usePortalStore.getState().contactDraft).toEqual(draft);
  });

  it.each([
    ['garbage', 'not JSON at all'],
    ['an older version', JSON.stringify({ state: { contactDraft: { ...typed, name: 'Old' } }, version: 0 })],
    [
      'a foreign shape',
      JSON.stringify({ state: { contactDraft: { name: 'Grace', email: 42 } }, version: persistedStateVersion }),
    ],
  ])('drops %s silently and starts from the empty draft, then stores what is typed', async (_, text) => {
    sessionStorage.setItem(storageKey, text);
    await usePortalStore.persist.rehydrate();
    expect(usePortalStore.getState().contactDraft).toEqual(emptyContactDraft);

    typeDraft();
    expect(JSON.parse(sessionStorage.getItem(storageKey)!).state.contactDraft).toEqual(typed);
  });

  it('works on in memory when the browser refuses session storage', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => sessionStorage.length).toThrow('insecure');
    await usePortalStore.persist.rehydrate();
    typeDraft();
    expect(usePortalStore.getState().contactDraft).toEqual(typed);
  });

  it('works on in memory when session storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    typeDraft();
    expect(usePortalStore.getState().contactDraft).toEqual(typed);
    expect(sessionStorage.getItem(storageKey)).toBeNull();
  });

  it('keeps the avatar seed in memory only', () => {
    usePortalStore.getState().setAvatarSeed('seed-1');
    expect(usePortalStore.getState().avatarSeed).toBe('seed-1');
    expect(sessionStorage.getItem(storageKey)).not.toContain('seed-1');
  });
});

describe('randomSeed', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs only crypto.getRandomValues, which plain HTTP pages have too', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const seeds = new Set(Array.from({ length: 100 }, randomSeed));
    expect(seeds.size).toBe(100);
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
  });
});
