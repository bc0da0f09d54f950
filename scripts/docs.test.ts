import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');
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

test.each(docs)('every path %s names exists', (doc) => {
  const named = pathsIn(readFileSync(join(root, doc), 'utf8'));
  expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
});

test('the check sees the paths the docs name', () => {
  expect(pathsIn('see `shell/server/main.mjs`, `packages/*/src` and `e2e/tests/<name>.spec.ts`')).toEqual([
    'shell/server/main.mjs',
  ]);
  expect(pathsIn(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(20);
});
