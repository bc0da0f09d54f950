// @ts-check
// `slice create <name> --dir <dir>`, in the workspace: a new slice's repository, with one page at
// /<name> (see create.js; --registry <url>: where it installs the platform packages from; --port:
// its dev server's, by default 4180).
import { create } from '../create.js';

/** @param {import('../cli-options.js').CommandLine} line */
export async function createCommand({ args, options }) {
  create({ name: args[0], dir: options.dir, registry: options.registry, port: options.port });
}
