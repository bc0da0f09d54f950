// @ts-check
// The first step of each command: installs the system programs it needs that are missing
// (packages/tooling/src/system-tools.js), with one message saying what and why.
// node scripts/ensure-tools.mjs <test | start | dev | edge | discovery | bench | bench:load>
import { ensureTools, toolsFor } from '../packages/tooling/src/system-tools.js';

const command = /** @type {keyof typeof toolsFor} */ (process.argv[2]);
if (!Object.hasOwn(toolsFor, command)) {
  console.error(`Usage: node scripts/ensure-tools.mjs <${Object.keys(toolsFor).join(' | ')}>`);
  process.exit(2);
}
try {
  const started = performance.now();
  const { installed } = ensureTools(command);
  if (installed.length > 0) console.error(`Installed in ${Math.round((performance.now() - started) / 1000)} s.`);
} catch (error) {
  console.error(`Installing what ${command} needs failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
