/** The part of the Web Storage API the store uses. */
export type TextStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A browser storage that never throws. When the browser refuses it (SecurityError), it is full
 * (QuotaExceededError) or fails otherwise, reads find nothing and writes are skipped, so the
 * page carries on with what it holds in memory.
 */
export function safeStorage(getStorage: () => Storage): TextStorage {
  function attempt<T>(action: (storage: Storage) => T, otherwise: T): T {
    try {
      return action(getStorage());
    } catch {
      return otherwise;
    }
  }
  return {
    getItem: (key) => attempt((storage) => storage.getItem(key), null),
    setItem: (key, value) => attempt((storage) => storage.setItem(key, value), undefined),
    removeItem: (key) => attempt((storage) => storage.removeItem(key), undefined),
  };
}
