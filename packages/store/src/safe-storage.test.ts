import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeStorage } from './safe-storage.ts';

const refused = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

describe('safeStorage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('reads, writes and removes through the storage it wraps', () => {
    const storage = safeStorage(() => sessionStorage);
    storage.setItem('key', 'value');
    expect(sessionStorage.getItem('key')).toBe('value');
    expect(storage.getItem('key')).toBe('value');
    storage.removeItem('key');
    expect(sessionStorage.getItem('key')).toBeNull();
  });

  it('a storage the browser refuses reads as empty and takes writes without throwing', () => {
    const storage = safeStorage(refused);
    expect(storage.getItem('key')).toBeNull();
    expect(() => storage.setItem('key', 'value')).not.toThrow();
    expect(() => storage.removeItem('key')).not.toThrow();
  });

  it('a full storage skips the write and keeps what it held', () => {
    sessionStorage.setItem('key', 'before');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const storage = safeStorage(() => sessionStorage);
    expect(() => storage.setItem('key', 'after')).not.toThrow();
    expect(storage.getItem('key')).toBe('before');
  });

  it('a failing read finds nothing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused);
    expect(safeStorage(() => sessionStorage).getItem('key')).toBeNull();
  });
});
