import { afterEach, describe, expect, it } from 'vitest';
import { dataBlockHtml, dataBlockId, dataBlockIn, readDataBlock, takeDataBlock, type DataBlock } from './data-block.js';

const written: DataBlock = {
  page: 'legal/TermsPage',
  remotes: { legal: 'http://localhost:4176/1.0.0/mf-manifest.json' },
  versions: { legal: '1.0.0' },
  integrities: { legal: `sha256-${'A'.repeat(43)}=` },
  // A value that would end the script element if it were written as it is.
  siteUnavailable: 'the map says </script><script>alert(1)</script>',
  year: 2026,
  slot: 'fragment',
};

/** A document as the composer sends one: the data block in its head, the server's HTML in #root. */
function composedDocument(root = '<main>Terms</main>') {
  document.head.innerHTML = dataBlockHtml(written);
  document.body.innerHTML = `<div id="root">${root}</div>`;
}

afterEach(() => {
  delete (globalThis as { novaBoot?: unknown }).novaBoot;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the data block', () => {
  it('is read back as the composer wrote it, whatever its values hold, and is one element', () => {
    composedDocument();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(readDataBlock(dataBlockId)).toEqual(written);
    expect(dataBlockIn(`<html><head>${dataBlockHtml(written)}</head></html>`)).toEqual(written);
  });

  it('is nothing in a document without one, or with one that is not JSON', () => {
    expect(readDataBlock(dataBlockId)).toBeUndefined();
    document.head.innerHTML = `<script type="application/json" id="${dataBlockId}">{nope</script>`;
    expect(readDataBlock(dataBlockId)).toBeUndefined();
    expect(dataBlockIn('<html></html>')).toBeUndefined();
  });

  it('is taken over by the shell once, as the boot script read it', () => {
    composedDocument();
    Object.assign(globalThis, { novaBoot: { dataBlock: readDataBlock(dataBlockId), manifests: new Map() } });
    expect(takeDataBlock()).toEqual(written);
    expect(takeDataBlock()).toBeUndefined();
  });

  it('is not taken over once the server HTML is gone from #root', () => {
    composedDocument('');
    Object.assign(globalThis, { novaBoot: { dataBlock: readDataBlock(dataBlockId), manifests: new Map() } });
    expect(takeDataBlock()).toBeUndefined();
  });
});
