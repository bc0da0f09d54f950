// The platform's npm registry for a spec (registry/): a Verdaccio of the test's own, and the
// platform's packages published to it as `pnpm platform:publish` does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { npmEnvironment } from '@nova/tooling/npm-environment';
import { platformPackages } from '../../registry/publish-platform.mjs';

export { changedUnderPublishedVersions, platformPackages, publishPlatform } from '../../registry/publish-platform.mjs';
export { startRegistry } from '../../registry/registry.mjs';

/**
 * Makes npm's cache (the machine's, shared by every run) forget what it kept of the platform's
 * packages from a registry at `url`. A registry of an earlier run may have had this port, with
 * other contents under the same versions, and `npm install --prefer-offline` would take its
 * package lists (and so its tarballs) for this one's.
 */
export function forgetCachedPlatform(url: string) {
  const names = platformPackages().map(
    (folder) => (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name: string }).name,
  );
  const npm = (...args: string[]) => execFileSync('npm', args, { encoding: 'utf8', env: npmEnvironment() });
  const prefix = `make-fetch-happen:request-cache:${new URL(url).origin}/`;
  const kept = npm('cache', 'ls', ...names)
    .split('\n')
    .filter((key) => key.startsWith(prefix));
  if (kept.length > 0) npm('cache', 'clean', ...kept);
}
