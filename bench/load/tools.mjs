// @ts-check
// The programs the load benchmark drives: Debian's wrk, and nginx with its brotli_static module.
// Installed with apt-get when missing and running as root.
import { spawnSync } from 'node:child_process';
import { ensureDebianPackages } from '@nova/tooling/debian-packages';
import { brotliStaticPackage, nginxBinary, nginxPackages } from '@nova/tooling/nginx';

export const wrkBinary = '/usr/bin/wrk';

/** Debian's packages, and the file of each the benchmark uses. */
const needed = [{ pkg: 'wrk', file: wrkBinary }, ...nginxPackages, brotliStaticPackage];

/** Makes sure wrk, nginx and its brotli_static module are installed. */
export const ensureLoadTools = () => ensureDebianPackages(needed, 'The load benchmark');

/** The versions the table names (nginx prints its version on stderr; wrk prints it and exits with 1). */
export function toolVersions() {
  const printed = (/** @type {string} */ program, /** @type {string} */ flag) => {
    const { stdout, stderr } = spawnSync(program, [flag], { encoding: 'utf8' });
    return `${stdout}${stderr}`;
  };
  return {
    nginx: /nginx\/(\S+)/.exec(printed(nginxBinary, '-v'))?.[1] ?? 'unknown',
    wrk: /wrk (\S+)/.exec(printed(wrkBinary, '--version'))?.[1] ?? 'unknown',
  };
}
