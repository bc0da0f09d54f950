// @ts-check
// The versions of the programs the load benchmark drives (Debian's wrk, and nginx with its
// brotli_static module), which its table names. `pnpm bench:load` installs them first
// (scripts/ensure-tools.mjs bench:load).
import { spawnSync } from 'node:child_process';
import { systemProgram } from '@nova/tooling/system-tools';

/** The versions the table names (nginx prints its version on stderr; wrk prints it and exits with 1). */
export function toolVersions() {
  const printed = (/** @type {'nginx' | 'wrk'} */ program, /** @type {string} */ flag) => {
    const { stdout, stderr } = spawnSync(systemProgram(program), [flag], { encoding: 'utf8' });
    return `${stdout}${stderr}`;
  };
  return {
    nginx: /nginx\/(\S+)/.exec(printed('nginx', '-v'))?.[1] ?? 'unknown',
    wrk: /wrk (\S+)/.exec(printed('wrk', '--version'))?.[1] ?? 'unknown',
  };
}
