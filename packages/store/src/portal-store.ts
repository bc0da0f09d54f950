import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  emptyContactDraft,
  persistedStateKey,
  persistedStateStorage,
  persistedStateVersion,
  type ContactDraft,
  type PersistedState,
} from './persisted-state.ts';
import { safeStorage } from './safe-storage.ts';

export { emptyContactDraft, type ContactDraft } from './persisted-state.ts';

export interface PortalState {
  /** What the visitor has typed into the contact form; kept for the tab's session. */
  contactDraft: ContactDraft;
  /** Seed of the generated profile avatar; kept while the visitor moves between pages. */
  avatarSeed: string;
  updateContactDraft: (patch: Partial<ContactDraft>) => void;
  clearContactDraft: () => void;
  setAvatarSeed: (seed: string) => void;
}

/** A fresh random avatar seed, in any context: `crypto.randomUUID` exists only on HTTPS and localhost. */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The one store the shell and every remote share (a federation singleton). */
export const usePortalStore = create<PortalState>()(
  persist(
    (set) => ({
      contactDraft: emptyContactDraft,
      avatarSeed: randomSeed(),
      updateContactDraft: (patch) => set((state) => ({ contactDraft: { ...state.contactDraft, ...patch } })),
      clearContactDraft: () => set({ contactDraft: emptyContactDraft }),
      setAvatarSeed: (avatarSeed) => set({ avatarSeed }),
    }),
    {
      name: persistedStateKey,
      version: persistedStateVersion,
      // Blocked, full or corrupt storage never reaches the page: the draft then lives in memory.
      storage: persistedStateStorage(safeStorage(() => sessionStorage)),
      partialize: (state): PersistedState => ({ contactDraft: state.contactDraft }),
    },
  ),
);
