import { afterEach, describe, expect, it, vi } from 'vitest';
import { endPreview, previewedVersions, previewStorageKey as storageKey, startPreview } from './preview.ts';

/** Starts the preview at `url`, as a page load there would. */
function loadAt(url: string) {
  history.replaceState(null, '', url);
  startPreview();
}

describe('previews', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('takes a preview from the address, remembers it for the tab and removes it from the address', () => {
    loadAt('/terms-and-conditions?preview=legal@1.2.0-3fa9c21b&x=1#top');
    expect(previewedVersions()).toEqual({ legal: '1.2.0-3fa9c21b' });
    expect(location.pathname + location.search + location.hash).toBe('/terms-and-conditions?x=1#top');
    loadAt('/games');
    expect(previewedVersions()).toEqual({ legal: '1.2.0-3fa9c21b' });
  });

  it('previews several slices at once', () => {
    loadAt('/?preview=legal@1.2.0,games@2.0.0-ab12');
    expect(previewedVersions()).toEqual({ legal: '1.2.0', games: '2.0.0-ab12' });
  });

  it('ends with ?preview=off', () => {
    loadAt('/?preview=legal@1.2.0');
    loadAt('/?preview=off');
    expect(previewedVersions()).toEqual({});
    expect(sessionStorage.getItem(storageKey)).toBeNull();
  });

  it.each([
    'nope@1.0.0',
    'legal',
    'legal@',
    'legal@../../evil',
    'legal@<script>',
    `legal@${'1'.repeat(65)}`,
    '__proto__@1.0.0',
  ])('ignores %j', (asked) => {
    loadAt(`/?preview=${encodeURIComponent(asked)}`);
    expect(previewedVersions()).toEqual({});
  });

  it('previews for the page load where storage is refused', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    loadAt('/?preview=legal@1.2.0');
    expect(previewedVersions()).toEqual({ legal: '1.2.0' });
  });

  it('End preview forgets it and loads the page again', () => {
    loadAt('/?preview=legal@1.2.0');
    const reload = vi.fn();
    endPreview({ location: { reload } });
    expect(sessionStorage.getItem(storageKey)).toBeNull();
    expect(reload).toHaveBeenCalled();
  });
});
