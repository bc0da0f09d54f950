import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot as root } from '../packages/tooling/src/repo-root.js';

const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const manifest = read('package.json');

test('the workspace installs and runs the pnpm packageManager names, and no other', () => {
  const [, version] = /^pnpm@(\d+\.\d+\.\d+)$/.exec(manifest.packageManager) ?? [];
  expect(version).toBeDefined();
  expect(manifest.devDependencies.pnpm).toBe(version);
  expect(manifest.scripts.setup).toContain(`pnpm@${version} `);
});

test("every package's dependencies come from the catalog or the workspace", () => {
  const packagesIn = (folder: string) =>
    readdirSync(join(root, folder))
      .map((entry) => join(folder, entry, 'package.json'))
      .filter((file) => !file.startsWith('node_modules') && existsSync(join(root, file)));
  const manifests = ['package.json', ...packagesIn('.'), ...packagesIn('packages')];
  const pinned = manifests.flatMap((file) => {
    const { dependencies = {}, devDependencies = {} } = read(file);
    return Object.entries({ ...dependencies, ...devDependencies })
      .filter(
        ([name, version]) =>
          !/^(catalog|workspace):/.test(String(version)) && !(file === 'package.json' && name === 'pnpm'),
      )
      .map(([name, version]) => `${file}: ${name}@${String(version)}`);
  });
  expect(manifests.length).toBeGreaterThan(10);
  expect(pinned).toEqual([]);
});
