// @ts-check
// `slice eject <slice> --dir <dir>`, in the workspace: a repository of the slice's own (see
// eject.js; --registry <url>: where it installs the platform packages from).
import { eject } from '../eject.js';
import { sliceNamed } from './guards.js';

/** @param {import('../cli-options.js').CommandLine} line */
export async function ejectCommand({ args, options }) {
  eject({ slice: sliceNamed(args[0]), dir: options.dir, registry: options.registry });
}
