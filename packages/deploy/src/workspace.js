// @ts-check
// Where the CLI runs. In this repository's workspace (the nearest folder up from the working
// folder with pnpm-workspace.yaml and the shell), its defaults are the local environment's and
// each slice is a folder of the workspace. In a slice's own repository, installed from a
// registry, there is no workspace: the slice is the working folder and the environment comes
// from the options.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { file } from 'empathic/find';
import { shell, slices } from '@nova/contracts/slices';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */

const workspaceFile = file('pnpm-workspace.yaml');

/** The workspace's root folder, or undefined outside it. */
export const workspaceRoot =
  workspaceFile && existsSync(join(dirname(workspaceFile), shell.folder, 'package.json'))
    ? dirname(workspaceFile)
    : undefined;

/** The workspace's root folder; outside it, an error that says so and what to do `instead`. */
export function requireWorkspace(/** @type {string} */ instead) {
  if (!workspaceRoot) throw new Error(`${process.cwd()} is not in the Nova Reels workspace: ${instead}`);
  return workspaceRoot;
}

/**
 * A slice's project folder (its package.json, its dist/): its folder in the workspace, or the
 * working folder in a repository of its own (and for a slice the workspace does not have).
 * @param {string} slice
 */
export const sliceProject = (slice) =>
  workspaceRoot && Object.hasOwn(slices, slice)
    ? join(workspaceRoot, slices[/** @type {SliceName} */ (slice)].folder)
    : process.cwd();
