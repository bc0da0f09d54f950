// @ts-check
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { installedVersion } from './federation.js';

/**
 * A hash of the theme's values as the app at `root` installs it (@nova/ui's design tokens): the
 * same tokens give the same hash whether the theme is this workspace's source or a published
 * build of it.
 * @param {string} root
 */
async function themeHash(root) {
  const file = createRequire(join(root, 'package.json')).resolve('@nova/ui/theme');
  const { module } = await runnerImport(file, { root, configFile: false, envFile: false, logLevel: 'silent' });
  return createHash('sha256')
    .update(JSON.stringify(/** @type {{ theme: unknown }} */ (module).theme))
    .digest('base64url')
    .slice(0, 12);
}

/**
 * Stamps the build's federation manifest with what the contract check compares between the
 * shell's build and a remote's (see @nova/deploy's contract.js):
 * - `themeHash`, of the theme the app is built with: a remote's fragments carry the theme's
 *   values in their CSS, so a remote whose theme is not the shell's is refused;
 * - `contractsVersion`, the @nova/contracts the app is built against: what the shell provides
 *   and what a remote needs, refused when their majors differ (a major is a breaking change).
 * @returns {import('vite').Plugin}
 */
export function contractStamp() {
  /** @type {string} */
  let root;
  return {
    name: 'nova:contract-stamp',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After the federation plugin has emitted its manifest, before the compression plugin reads it.
    enforce: 'post',
    async generateBundle(_, bundle) {
      const manifest = bundle['mf-manifest.json'];
      if (manifest?.type !== 'asset') return;
      const stamps = { themeHash: await themeHash(root), contractsVersion: installedVersion(root, '@nova/contracts') };
      manifest.source = JSON.stringify({ ...JSON.parse(String(manifest.source)), ...stamps });
    },
  };
}
