// @ts-check
// Processes as Linux's /proc shows them (children, command lines, resident memory), and the
// servers the benchmark starts.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The processes `pid` started (every thread's children). */
export function childrenOf(/** @type {number} */ pid) {
  return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
    readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

/** A process's command line, its arguments joined by spaces. */
export const commandLine = (/** @type {number} */ pid) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();

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

/**
 * A server process the benchmark started, once `url` answers 200: its origin, and a stop that
 * sends `stopSignal` to its process id and waits for its exit. If it exits or does not answer
 * within 10 s, it is stopped and the error says why (`problem`, from the last answer's status).
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ url: string, stopSignal?: NodeJS.Signals, problem: (status: number | undefined) => string }} options
 */
export async function servingProcess(child, { url, stopSignal = 'SIGTERM', problem }) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** @type {number | undefined} */
  let status;
  for (let waited = 0; status !== 200; waited += 50) {
    if (child.exitCode !== null || waited > 10_000) {
      child.kill('SIGTERM');
      throw new Error(problem(status));
    }
    await sleep(50);
    status = await fetch(url).then(
      (response) => response.status,
      () => undefined,
    );
  }
  return {
    origin: new URL(url).origin,
    stop: async () => {
      if (child.exitCode === null) child.kill(stopSignal);
      await exited;
    },
  };
}
