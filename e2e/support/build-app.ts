import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Builds the app in `appDir` into `outDir`, with `env` added to this process's environment, at the lowest CPU
 * priority, so the build does not slow the tests running beside it.
 */
export function buildApp(appDir: string, outDir: string, env: Record<string, string> = {}) {
  execFileSync(
    'nice',
    [
      '-n',
      '19',
      join(appDir, 'node_modules/.bin/vite'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: appDir, env: { ...process.env, ...env } },
  );
}
