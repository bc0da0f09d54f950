// @ts-check
// A slice's own repository runs on the Node its package.json's engines name (`slice eject` copies
// this file into it as scripts/check-node.js, and every npm script but the install's runs it
// first). `npm install` brings that Node from the registry (the optional `node-<platform>-<arch>`
// packages) into node_modules/.bin, which npm puts first on the PATH of every script: the install
// may run on an older Node, what runs after it runs on the repository's own, or stops here.
// It imports nothing but Node's own modules: it runs before the install too, and then says to install.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Why this Node cannot run the repository (undefined when it can). engines.node is a lower bound,
 * `>=major.minor` or `>=major.minor.patch`, as the workspace's (scripts/pnpm.mjs reads it so too).
 * @param {string} running the running Node's version (`process.versions.node`)
 * @param {string} wanted engines.node
 */
export function nodeProblem(running, wanted) {
  const bound = /^>=(\d+)\.(\d+)(?:\.(\d+))?$/.exec(wanted);
  if (!bound) return `engines.node in package.json is "${wanted}": this check reads only a lower bound, >=24.11.`;
  const [, major, minor, patch = '0'] = bound;
  const least = [major, minor, patch].map(Number);
  const version = running.split('.').map(Number);
  // The first part that differs decides; none differs: it is the bound itself.
  const first = least.findIndex((part, index) => version[index] !== part);
  if (first === -1 || (version[first] ?? 0) > (least[first] ?? 0)) return undefined;
  return (
    `Node ${running} is running, and this repository runs on Node ${wanted} (engines in package.json). ` +
    '`npm install` brings it into node_modules/.bin on Linux (x64, arm64) and Windows (x64), first on ' +
    'the PATH of every npm script: run the command through npm (`npm test`, `npm run build`, `npm run dev`) ' +
    'after `npm install`, or, on another system, install that Node yourself.'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // npm runs every script in the folder of the package.json that names it.
  const { engines } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
  const problem = nodeProblem(process.versions.node, engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
