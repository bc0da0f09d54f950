import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface ContactDraft {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export const emptyContactDraft: ContactDraft = { name: '', email: '', subject: '', message: '' };

export interface PortalState {
  /** What the visitor has typed into the contact form; kept for the tab's session. */
  contactDraft: ContactDraft;
  /** Seed of the generated profile avatar; kept while the visitor moves between pages. */
  avatarSeed: string;
  updateContactDraft: (patch: Partial<ContactDraft>) => void;
  clearContactDraft: () => void;
  setAvatarSeed: (seed: string) => void;
}

export function randomSeed(): string {
  return crypto.randomUUID();
}

/** Accepts a stored draft only if every field is a string; anything else is dropped. */
function toContactDraft(stored: unknown): ContactDraft {
  const draft = { ...emptyContactDraft };
  if (typeof stored !== 'object' || stored === null) return draft;
  for (const key of Object.keys(draft) as (keyof ContactDraft)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'string') draft[key] = value;
  }
  return draft;
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
      name: 'nova-reels',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ contactDraft: state.contactDraft }),
      merge: (persisted, current) => ({
        ...current,
        contactDraft: toContactDraft((persisted as { contactDraft?: unknown } | undefined)?.contactDraft),
      }),
    },
  ),
);
