import { describe, expect, it } from 'vitest';
import { dataBlockId } from '../../shell/document/data-block.js';
import { composedEntry } from './release.mjs';

const page = (data: object) =>
  `<!doctype html><html><head>\n    <script type="application/json" id="${dataBlockId}">${JSON.stringify(data)}</script>` +
  '<script>boot()</script></head><body><div id="root"></div></body></html>';

describe('composedEntry', () => {
  it("reads the slice's entry from the page's data block", () => {
    const entry = 'http://localhost:4295/1.0.0-3fa9c21b/mf-manifest.json';
    expect(composedEntry(page({ remotes: { legal: entry }, year: 2026 }), 'legal')).toBe(entry);
  });

  it('has none for another slice, or a page without a data block', () => {
    expect(composedEntry(page({ remotes: { games: 'http://localhost:4294/x/mf-manifest.json' } }), 'legal')).toBe(
      undefined,
    );
    expect(composedEntry('<!doctype html><p>static</p>', 'legal')).toBe(undefined);
  });
});
