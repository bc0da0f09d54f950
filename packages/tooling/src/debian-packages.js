// @ts-check
// Debian's packages the project runs beside Node (chromium, nginx, wrk): found where Debian
// installs them, or installed with apt-get when they are missing and this runs as root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** @typedef {{ pkg: string, file: string }} DebianPackage a package, and the file of it that is used */

/** The packages among `needed` whose file is not there. */
export const missingPackages = (/** @type {DebianPackage[]} */ needed) =>
  needed.filter(({ file }) => !existsSync(file)).map(({ pkg }) => pkg);

/** What `purpose` cannot run without and how to install it; undefined when nothing is missing. */
export function whatIsMissing(/** @type {DebianPackage[]} */ needed, /** @type {string} */ purpose) {
  const missing = missingPackages(needed);
  if (missing.length === 0) return undefined;
  return `${purpose} needs Debian's ${missing.join(', ')}: apt-get install -y ${missing.join(' ')}`;
}

/**
 * Installs the packages among `needed` that are missing; without root, throws saying what
 * `purpose` needs and how to install it.
 * @param {DebianPackage[]} needed
 * @param {string} purpose what needs them (`The load benchmark`)
 */
export function ensureDebianPackages(needed, purpose) {
  const missing = whatIsMissing(needed, purpose);
  if (!missing) return;
  if (process.getuid?.() !== 0) throw new Error(missing);
  console.error(`${missing}. Installing them.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', ...missingPackages(needed)], { stdio: 'inherit', env });
}
