// @ts-check
// Runs a command several times in a row while every core is kept busy, to prove a suite does
// not depend on a quiet machine: node scripts/under-load.mjs [runs] -- <command...>
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
const runs = Number(process.argv[2] === '--' ? 1 : (process.argv[2] ?? 1));
if (!command || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: node scripts/under-load.mjs [runs] -- <command...>');
  process.exit(2);
}

// One busy loop per core, in threads of this process, until the runs are over.
const hogs = Array.from({ length: availableParallelism() }, () => new Worker('for (;;) {}', { eval: true }));
console.log(`Keeping ${hogs.length} cores busy while running "${[command, ...args].join(' ')}" ${runs} time(s).`);

let failures = 0;
for (let run = 1; run <= runs; run += 1) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`Run ${run} of ${runs}: ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${minutes} min.`);
  if (status !== 0) failures += 1;
}
await Promise.all(hogs.map((hog) => hog.terminate()));
process.exit(failures === 0 ? 0 : 1);
