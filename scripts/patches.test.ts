import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot as root } from '../packages/tooling/src/repo-root.js';

const patchFiles = readdirSync(join(root, 'patches')).filter((file) => file.endsWith('.patch'));

/** Each file a patch changes, with the lines it adds and the lines it removes. */
function changesOf(diff: string) {
  return diff
    .split(/^diff --git /m)
    .slice(1)
    .map((section) => {
      const lines = section.split('\n');
      const file = /^a\/(\S+)/.exec(lines[0] ?? '')?.[1] ?? '';
      const marked = (mark: string, header: string) =>
        lines.filter((line) => line.startsWith(mark) && !line.startsWith(header)).map((line) => line.slice(1));
      const added = marked('+', '+++');
      return { file, added, removed: marked('-', '---').filter((line) => !added.includes(line)) };
    });
}

/** Every installed copy of `name@version`: pnpm names a patched one with its patch's hash. */
function installedCopies(name: string, version: string) {
  const store = join(root, 'node_modules/.pnpm');
  const folder = `${name.replace('/', '+')}@${version}`;
  return readdirSync(store)
    .filter((entry) => entry === folder || entry.startsWith(`${folder}_`))
    .map((entry) => join(store, entry, 'node_modules', name));
}

test.each(patchFiles)('%s is applied to every installed copy of its package', (patchFile) => {
  const [, escapedName = '', version = ''] = /^(.+)@([^@]+)\.patch$/.exec(patchFile) ?? [];
  const copies = installedCopies(escapedName.replace('__', '/'), version);
  expect(copies, `${escapedName}@${version} is installed`).not.toHaveLength(0);
  const changes = changesOf(readFileSync(join(root, 'patches', patchFile), 'utf8'));
  expect(changes).not.toHaveLength(0);
  for (const copy of copies) {
    for (const { file, added, removed } of changes) {
      const text = readFileSync(join(copy, file), 'utf8');
      for (const line of added) expect(text, `${copy}/${file}`).toContain(line);
      for (const line of removed) expect(text, `${copy}/${file}`).not.toContain(line);
    }
  }
});
