// @ts-check
// Finds nginx and its brotli module for the edge (edge.mjs), installing Debian's packages when they
// are missing and this runs as root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where Debian installs them. */
export const nginxBinary = '/usr/sbin/nginx';
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Only the module that sends precompressed files: the edge compresses nothing itself. */
const packages = ['nginx', 'libnginx-mod-http-brotli-static'];

/** What the edge cannot run without, with how to install it; undefined when nothing is missing. */
export function missingNginx() {
  const missing = [nginxBinary, brotliModule].filter((file) => !existsSync(file));
  if (missing.length === 0) return undefined;
  return `The edge needs nginx with its brotli module (${missing.join(', ')} not found): apt-get install -y ${packages.join(' ')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = missingNginx();
  if (missing && process.getuid?.() !== 0) {
    console.error(missing);
    process.exit(1);
  }
  if (missing) {
    console.log("nginx or its brotli module is missing: installing Debian's packages.");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit', env });
  }
}
