import { beforeEach, describe, expect, it } from 'vitest';
import { emptyContactDraft, usePortalStore } from './portal-store.ts';

const storageKey = 'nova-reels';

describe('the portal store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    usePortalStore.setState({ contactDraft: emptyContactDraft });
  });

  it('keeps the contact draft in the tab session storage as it is typed', () => {
    usePortalStore.getState().updateContactDraft({ name: 'Ada' });
    usePortalStore.getState().updateContactDraft({ message: 'Hello' });
    expect(usePortalStore.getState().contactDraft).toEqual({ ...emptyContactDraft, name: 'Ada', message: 'Hello' });
    expect(JSON.parse(sessionStorage.getItem(storageKey)!).state).toEqual({
      contactDraft: { name: 'Ada', email: '', subject: '', message: 'Hello' },
    });
  });

  it('clears the draft', () => {
    usePortalStore.getState().updateContactDraft({ email: 'ada@example.com' });
    usePortalStore.getState().clearContactDraft();
    expect(usePortalStore.getState().contactDraft).toEqual(emptyContactDraft);
  });

  it('restores a stored draft and drops fields that are not text', async () => {
    sessionStorage.setItem(
      storageKey,
      JSON.stringify({ state: { contactDraft: { name: 'Grace', email: 42, message: { evil: true } } }, version: 1 }),
    );
    await usePortalStore.persist.rehydrate();
    expect(usePortalStore.getState().contactDraft).toEqual({ ...emptyContactDraft, name: 'Grace' });
  });

  it('survives a stored value that is not a draft at all', async () => {
    sessionStorage.setItem(storageKey, JSON.stringify({ state: 'garbage', version: 1 }));
    await usePortalStore.persist.rehydrate();
    expect(usePortalStore.getState().contactDraft).toEqual(emptyContactDraft);
  });

  it('keeps the avatar seed in memory only', () => {
    usePortalStore.getState().setAvatarSeed('seed-1');
    expect(usePortalStore.getState().avatarSeed).toBe('seed-1');
    expect(sessionStorage.getItem(storageKey)).not.toContain('seed-1');
  });
});
