import { join } from 'node:path';
import { workspaceCopy } from '@nova/tooling/workspace-copy';
import { buildApp } from './build-app.ts';

/**
 * A copy of the whole workspace (@nova/tooling/workspace-copy), with a build of one of its apps:
 * another team's checkout. `edit` replaces a file; `remove()` deletes the copy.
 */
export function copyOfWorkspace() {
  const { root, replace, remove } = workspaceCopy();
  return {
    root,
    edit: replace,
    /** Builds one app of the copy into `outDir`, at low priority beside the running tests. */
    build: (folder: string, outDir: string) => buildApp(join(root, folder), outDir),
    remove,
  };
}
