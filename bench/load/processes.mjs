// @ts-check
// Processes as Linux's /proc shows them (children, resident memory).
import { readdirSync, readFileSync } from 'node:fs';

/** The processes `pid` started (every thread's children). */
export function childrenOf(/** @type {number} */ pid) {
  return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
    readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

/**
 * The resident set size in a /proc/<pid>/status text, in KiB.
 * @param {string} status
 */
export function residentKiB(status) {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error('No VmRSS line: the process has exited or is a kernel thread.');
  return Number(kib);
}

/** The resident memory of processes, together, in MiB. */
export const residentMiB = (/** @type {number[]} */ pids) =>
  pids.reduce((sum, pid) => sum + residentKiB(readFileSync(`/proc/${pid}/status`, 'utf8')), 0) / 1024;
