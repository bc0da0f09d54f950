// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

const shellRoot = resolve(import.meta.dirname, '../..');

/** Every file of the shell the module at `entry` imports, directly or not (packages aside). */
function importedFrom(entry: string) {
  const seen = new Set<string>();
  const pending = [resolve(shellRoot, entry)];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Imports and re-exports of values, and dynamic imports: not `import type`, nor a JSDoc type's import().
    const imports =
      /^(?:import|export)(?!\s+type\b)[^'";]*?from\s*'(\.{1,2}\/[^']+)'|^import\s*'(\.{1,2}\/[^']+)'|[^{]\bimport\(\s*'(\.{1,2}\/[^']+)'/gm;
    for (const [, ...specifiers] of source.matchAll(imports))
      for (const specifier of specifiers) if (specifier) pending.push(join(dirname(file), specifier));
  }
  return [...seen].map((file) => relative(shellRoot, file)).sort();
}

/** What runs in the browser alone: the entry, its router, the federation runtime and what it reads. */
const browserOnly = [
  'src/main.tsx',
  'src/router.tsx',
  'src/federation/runtime.ts',
  'src/federation/remote-map-reader.ts',
  'src/federation/boot-handover.ts',
  'src/federation/preview.ts',
  'src/federation/integrity.ts',
  'document/boot.js',
];

it("keeps the browser's modules out of the server's bundle", () => {
  const server = importedFrom('src/composition/render-shell.tsx');
  expect(server).toContain('src/routes.tsx');
  expect(server.filter((file) => browserOnly.includes(file))).toEqual([]);
  // The check sees what the browser's entry imports.
  expect(importedFrom('src/main.tsx')).toEqual(
    expect.arrayContaining(browserOnly.filter((file) => file !== 'document/boot.js')),
  );
});
