// @ts-check
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Stamps a remote's federation manifest with `remoteEntryIntegrity`, the subresource integrity of
 * its `remoteEntry.js` (`sha256-…`). The map lists the manifest's own integrity, so a browser that
 * fetched the manifest checked can check the entry it loads next against this (the shell's
 * federation runtime does: shell/src/federation/integrity.ts).
 *
 * The entry's code is final only once written (Vite fills in its preload lists after every other
 * plugin's generateBundle, and compresses the bundle right then), so the manifest is stamped on
 * disk, and its precompressed copies are made again from it.
 * @returns {import('vite').Plugin}
 */
export function entryIntegrity() {
  return {
    name: 'nova:entry-integrity',
    apply: 'build',
    async writeBundle(options, bundle) {
      const entry = bundle['remoteEntry.js'];
      if (entry?.type !== 'chunk' || !bundle['mf-manifest.json'] || !options.dir)
        this.error('The build has no remoteEntry.js or mf-manifest.json.');
      const remoteEntryIntegrity = `sha256-${createHash('sha256').update(entry.code).digest('base64')}`;
      const file = join(options.dir, 'mf-manifest.json');
      const manifest = JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), remoteEntryIntegrity });
      await writeFile(file, manifest);
      await writeFile(`${file}.br`, brotliCompressSync(manifest, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, gzipSync(manifest, { level: 9 }));
    },
  };
}
