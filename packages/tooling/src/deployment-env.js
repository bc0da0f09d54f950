// @ts-check
// The deployment configuration (.env at the repository root), read for Node code: the local
// server, the e2e suite, the tests. The builds read the same file themselves (Vite's envDir).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { repoRoot } from './repo-root.js';

/** The folder that holds .env: the repository root. */
export const envDir = repoRoot;

/**
 * One setting of the deployment configuration: the environment's value when it has one (as
 * in the builds), else the one in .env.
 * @param {string} name
 * @returns {string | undefined}
 */
export function deploymentSetting(name) {
  return process.env[name] ?? parseEnv(readFileSync(join(envDir, '.env'), 'utf8'))[name];
}
