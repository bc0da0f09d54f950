import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { TextStorage } from './safe-storage.ts';

/** What the visitor has typed into the contact form. */
export interface ContactDraft {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export const emptyContactDraft: ContactDraft = { name: '', email: '', subject: '', message: '' };

/** Where the store keeps `PersistedState`: its key in the tab's session storage. */
export const persistedStateKey = 'nova-reels';

/** Version of `PersistedState`. Change it with the shape: a value of any other version is dropped. */
export const persistedStateVersion = 1;

/** What the store keeps in the tab's session storage, as version `persistedStateVersion`. */
export interface PersistedState {
  contactDraft: ContactDraft;
}

const draftFields = Object.keys(emptyContactDraft) as (keyof ContactDraft)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Reads a stored value back: this version's shape, or null for anything else (garbage, a foreign
 * shape, an older or newer version), so the store starts afresh. Nothing is ever migrated.
 */
export function readPersistedState(text: string | null): StorageValue<PersistedState> | null {
  const stored = parseJson(text);
  if (!isRecord(stored) || stored.version !== persistedStateVersion || !isRecord(stored.state)) return null;
  const draft = stored.state.contactDraft;
  if (!isRecord(draft) || !draftFields.every((field) => typeof draft[field] === 'string')) return null;
  const contactDraft = Object.fromEntries(draftFields.map((field) => [field, draft[field]])) as unknown as ContactDraft;
  return { version: persistedStateVersion, state: { contactDraft } };
}

/** The store's persistence: JSON in `storage`, read back only when it is the current contract. */
export function persistedStateStorage(storage: TextStorage): PersistStorage<PersistedState> {
  return {
    getItem: (name) => readPersistedState(storage.getItem(name)),
    setItem: (name, value) => storage.setItem(name, JSON.stringify(value)),
    removeItem: (name) => storage.removeItem(name),
  };
}
