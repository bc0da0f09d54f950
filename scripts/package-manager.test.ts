import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8'));

test('the workspace installs and runs the pnpm packageManager names, and no other', () => {
  const [, version] = /^pnpm@(\d+\.\d+\.\d+)$/.exec(manifest.packageManager) ?? [];
  expect(version).toBeDefined();
  expect(manifest.devDependencies.pnpm).toBe(version);
  expect(manifest.scripts.setup).toContain(`pnpm@${version} `);
});
