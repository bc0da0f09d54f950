// @ts-check
// A copy of the whole workspace, installed as it is, in a folder of its own: another team's
// checkout, to change and build without touching this one. Its files are hard links (made in no
// time, whatever node_modules holds), so a file is changed by replacing it, never by writing into
// it: `replace` does that.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './repo-root.js';

/** What a copy leaves out: history, deployments, and the e2e suite (whose traces come and go while it runs). */
const leftOut = new Set(['.git', 'deployments', 'e2e']);

/** @returns {{ root: string, replace(path: string, change: (text: string) => string): void, remove(): void }} */
export function workspaceCopy() {
  const root = mkdtempSync(join(tmpdir(), 'nova-workspace-'));
  for (const entry of readdirSync(repoRoot))
    if (!leftOut.has(entry)) execFileSync('cp', ['-al', join(repoRoot, entry), root]);
  return {
    root,
    /** Replaces the file at `path` (relative to the workspace) with `change(its text)`. */
    replace(path, change) {
      const file = join(root, path);
      const text = change(readFileSync(file, 'utf8'));
      rmSync(file);
      writeFileSync(file, text);
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
