// @ts-check
// Where the repository is on this machine, for Node code that reads or runs what is in it.
import { join } from 'node:path';

/** The repository's root folder (no trailing slash). */
export const repoRoot = join(import.meta.dirname, '../../..');
