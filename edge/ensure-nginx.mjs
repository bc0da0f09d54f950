// @ts-check
// Finds nginx and its brotli module for the edge (edge.mjs), installing Debian's packages when they
// are missing and this runs as root.
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages, whatIsMissing } from '../packages/tooling/src/debian-packages.js';

/** Where Debian installs them. */
export const nginxBinary = '/usr/sbin/nginx';
/** Only the module that sends precompressed files: the edge compresses nothing itself. */
const needed = [
  { pkg: 'nginx', file: nginxBinary },
  { pkg: 'libnginx-mod-http-brotli-static', file: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so' },
];
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
