import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './build-app.ts';
import { repoRoot } from './site.ts';

/** What a copy of the workspace leaves out: history, deployments, and this suite (whose traces come and go while it runs). */
const leftOut = new Set(['.git', 'deployments', 'e2e']);

/**
 * A copy of the whole workspace, installed as it is, in a folder of its own: another team's
 * checkout, to change and build without touching this one. Files are hard links, so `edit`
 * replaces a file rather than writing into it. `remove()` deletes the copy.
 */
export function copyOfWorkspace() {
  const root = mkdtempSync(join(tmpdir(), 'nova-workspace-'));
  for (const entry of readdirSync(repoRoot)) {
    if (!leftOut.has(entry)) execFileSync('cp', ['-al', join(repoRoot, entry), root]);
  }
  return {
    root,
    /** Replaces the file at `path` (relative to the workspace) with `change(its text)`. */
    edit(path: string, change: (text: string) => string) {
      const file = join(root, path);
      const text = change(readFileSync(file, 'utf8'));
      rmSync(file);
      writeFileSync(file, text);
    },
    /** Builds one app of the copy into `outDir`, at low priority beside the running tests. */
    build: (folder: string, outDir: string) => buildApp(join(root, folder), outDir),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
