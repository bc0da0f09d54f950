import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { npmEnvironment } from './npm-environment.js';

// What pnpm hands a script it runs, beside the variables of the machine.
const fromPnpm = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  npm_config_catalogs: '{}',
  NPM_CONFIG_RECURSIVE: 'true',
};

/** What npm prints on stderr for `npm config get registry` (no network) run with `env`. */
const npmWarnings = (env: NodeJS.ProcessEnv) =>
  spawnSync('npm', ['config', 'get', 'registry'], { env, encoding: 'utf8' }).stderr;

describe('npmEnvironment', () => {
  it('keeps every variable but the npm_config_* ones, of any case', () => {
    expect(npmEnvironment({ ...fromPnpm, npm_package_name: 'x' })).toEqual({
      PATH: fromPnpm.PATH,
      HOME: fromPnpm.HOME,
      npm_package_name: 'x',
    });
  });

  it('leaves npm nothing of pnpm’s settings to warn of', () => {
    expect(npmWarnings(fromPnpm)).toContain('Unknown env config "catalogs"');
    expect(npmWarnings(npmEnvironment(fromPnpm))).toBe('');
  });
});
