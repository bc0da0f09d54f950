// @ts-check
// Finds nginx for the edge (edge.mjs), installing Debian's package when it is missing and this
// runs as root.
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages, whatIsMissing } from '../packages/tooling/src/debian-packages.js';
import { nginxPackages as needed } from '../packages/tooling/src/nginx.js';

const purpose = 'The edge';

/** What the edge cannot run without, with how to install it; undefined when nothing is missing. */
export const missingNginx = () => whatIsMissing(needed, purpose);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureDebianPackages(needed, purpose);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
