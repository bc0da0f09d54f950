import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot as root } from '../packages/tooling/src/repo-root.js';

const docs = ['README.md', 'patches/README.md', ...readdirSync(join(root, 'docs')).map((file) => `docs/${file}`)];
// deployments/ holds what the slice CLI publishes, not files of the repository.
const folders = readdirSync(root).filter(
  (entry) =>
    !entry.startsWith('.') &&
    !['node_modules', 'deployments'].includes(entry) &&
    statSync(join(root, entry)).isDirectory(),
);

/** The repository paths a document names in code spans (`shell/server/main.mjs`), without patterns or placeholders. */
const pathsIn = (text: string) =>
  [...text.matchAll(/`([^`\s]+)`/g)]
    .map(([, span = '']) => span.replace(/[:#].*$/, ''))
    .filter((span) => folders.some((folder) => span.startsWith(`${folder}/`)) && !/[‹›<>*{}[\]]/.test(span));

/** Whether git ignores the path, as a file or a folder: what a build or a run writes (`shell/dist`), absent from a fresh clone. */
const ignored = (path: string) => {
  const asFolder = `${path.replace(/\/$/, '')}/`;
  const options = { cwd: root, encoding: 'utf8', stdio: 'pipe' } as const;
  return execFileSync('git', ['check-ignore', '--no-index', path, asFolder], options).trim() !== '';
};

const missing = (path: string) => {
  if (existsSync(join(root, path))) return false;
  try {
    return !ignored(path);
  } catch {
    // git check-ignore exits 1 for a path it does not ignore.
    return true;
  }
};

test.each(docs)('every path %s names exists, or is one a build writes', (doc) => {
  expect(pathsIn(readFileSync(join(root, doc), 'utf8')).filter(missing)).toEqual([]);
});

test('the check sees the paths the docs name', () => {
  expect(pathsIn('see `shell/server/main.mjs`, `packages/*/src` and `e2e/tests/<name>.spec.ts`')).toEqual([
    'shell/server/main.mjs',
  ]);
  expect(pathsIn(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(20);
});
