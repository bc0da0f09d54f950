// @ts-check
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Stamps the build's federation manifest with `themeHash`, a hash of the shared theme module the
 * app is built with. A remote's fragments carry the theme's values in their CSS, so the contract
 * check refuses a remote whose theme is not the shell's (see @nova/deploy's contract.js).
 * @returns {import('vite').Plugin}
 */
export function themeStamp() {
  /** @type {string} */
  let root;
  return {
    name: 'nova:theme-stamp',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After the federation plugin has emitted its manifest, before the compression plugin reads it.
    enforce: 'post',
    async generateBundle(_, bundle) {
      const manifest = bundle['mf-manifest.json'];
      if (manifest?.type !== 'asset') return;
      // The theme the app installs (the federation plugin would resolve it to its shared module).
      const theme = createRequire(join(root, 'package.json')).resolve('@nova/ui/theme');
      const themeHash = createHash('sha256')
        .update(await readFile(theme))
        .digest('base64url')
        .slice(0, 12);
      manifest.source = JSON.stringify({ ...JSON.parse(String(manifest.source)), themeHash });
    },
  };
}
