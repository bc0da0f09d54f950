import { afterEach, describe, expect, it, vi } from 'vitest';
import { endPreview, previewStorageKey as storageKey, previewTokens, startPreview } from './preview.ts';

/** Tokens shaped as the CLI signs them (the server alone can tell whether they are valid). */
const token = (payload: string) => `${payload}.${'s'.repeat(43)}`;
const legal = token('eyJzIjoibGVnYWwifQ');
const games = token('eyJzIjoiZ2FtZXMifQ');

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

  it('takes a preview link from the address, remembers it for the tab and removes it from the address', () => {
    loadAt(`/terms-and-conditions?preview=${legal}&x=1#top`);
    expect(previewTokens()).toEqual([legal]);
    expect(location.pathname + location.search + location.hash).toBe('/terms-and-conditions?x=1#top');
    loadAt('/games');
    expect(previewTokens()).toEqual([legal]);
  });

  it('previews several slices at once', () => {
    loadAt(`/?preview=${legal},${games}`);
    expect(previewTokens()).toEqual([legal, games]);
  });

  it('ends with ?preview=off', () => {
    loadAt(`/?preview=${legal}`);
    loadAt('/?preview=off');
    expect(previewTokens()).toEqual([]);
    expect(sessionStorage.getItem(storageKey)).toBeNull();
  });

  it.each([
    'legal@1.0.0',
    'legal',
    `${legal}x`,
    `<script>.${'s'.repeat(43)}`,
    `${'a'.repeat(1025)}.${'s'.repeat(43)}`,
    '__proto__',
  ])('ignores %j, which is no token', (asked) => {
    loadAt(`/?preview=${encodeURIComponent(asked)}`);
    expect(previewTokens()).toEqual([]);
  });

  it('previews for the page load where storage is refused', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    loadAt(`/?preview=${legal}`);
    expect(previewTokens()).toEqual([legal]);
  });

  it('End preview forgets it and loads the page again', () => {
    loadAt(`/?preview=${legal}`);
    const reload = vi.fn();
    endPreview({ location: { reload } });
    expect(sessionStorage.getItem(storageKey)).toBeNull();
    expect(reload).toHaveBeenCalled();
  });
});
