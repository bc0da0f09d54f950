// @ts-check
// Every program the commands run that npm does not install, with the file that shows it is there:
// the one list the launchers take their program paths from (`systemProgram`) and the one the
// commands' first step installs from (`ensureTools`, scripts/ensure-tools.mjs). A program that is
// not on it cannot be started: system-tools.test.ts fails on a spawn that names one directly.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @typedef {object} SystemTool
 * @property {string} program what is run: an absolute path, or a name looked up on the PATH
 * @property {string} [pkg] Debian's package that installs it (none: the base system's, always there)
 * @property {string} [file] the file that shows it is installed (by default `program`)
 * @property {string} [usedBy] what needs it, as a message names it
 */

/** @satisfies {Record<string, SystemTool>} */
export const systemTools = /** @type {const} */ ({
  // Installed by the commands' first step when missing (as root).
  chromiumHeadlessShell: {
    // The engine without a window that Playwright runs headless tests in: a page load costs it
    // about 40 % of the CPU the full browser spends (24 against 61 CPU-seconds for 15 loads).
    program: '/usr/bin/chromium-headless-shell',
    pkg: 'chromium-headless-shell',
    usedBy: 'the end-to-end suite, the byte budget and the network tests of bench/measure',
  },
  chromium: {
    program: '/usr/bin/chromium',
    pkg: 'chromium',
    usedBy: 'pnpm bench (Lighthouse measures the browser a visitor has)',
  },
  nginx: { program: '/usr/sbin/nginx', pkg: 'nginx', usedBy: 'the edge and the load benchmark' },
  brotliStatic: {
    // A module nginx loads, not a program: for the load benchmark's static limit.
    program: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
    pkg: 'libnginx-mod-http-brotli-static',
    usedBy: "the load benchmark's static limit",
  },
  wrk: { program: '/usr/bin/wrk', pkg: 'wrk', usedBy: 'the load benchmark and its tests' },
  postgresql: {
    // Each major version's server in a folder of its own (`15/bin/postgres`).
    program: '/usr/lib/postgresql',
    pkg: 'postgresql',
    usedBy: "the discovery service's database and its tests",
  },
  ps: {
    program: 'ps',
    file: '/usr/bin/ps',
    pkg: 'procps',
    usedBy: "the end-to-end suite's check of who the edge runs as",
  },
  aptGet: { program: 'apt-get' },
  // The base system's and Node's own: there wherever the commands run.
  git: { program: 'git' },
  tar: { program: 'tar' },
  cp: { program: 'cp' },
  id: { program: 'id' },
  ls: { program: 'ls' },
  nice: { program: 'nice' },
  // A terminal of its own for a command (util-linux): what a test types reaches it as typed.
  script: { program: 'script' },
  node: { program: 'node' },
  npm: { program: 'npm' },
  npx: { program: 'npx' },
  pnpm: { program: 'pnpm' },
});

/** @typedef {keyof typeof systemTools} ToolName */

/**
 * What each command needs installed before it runs (`npm test` is `test`).
 * @satisfies {Record<string, ToolName[]>}
 */
export const toolsFor = /** @type {const} */ ({
  test: ['chromiumHeadlessShell', 'nginx', 'brotliStatic', 'wrk', 'postgresql', 'ps'],
  start: [],
  dev: [],
  edge: ['nginx'],
  discovery: ['postgresql'],
  bench: ['chromium', 'chromiumHeadlessShell'],
  'bench:load': ['nginx', 'brotliStatic', 'wrk'],
});

/** @typedef {keyof typeof toolsFor} Command */

const installedFile = (/** @type {ToolName} */ name) => {
  /** @type {SystemTool} */
  const tool = systemTools[name];
  return tool.file ?? tool.program;
};

/** Whether a tool Debian installs is there (the base system's always are). */
export const isInstalled = (/** @type {ToolName} */ name) =>
  !('pkg' in systemTools[name]) || existsSync(installedFile(name));

/** How a message names a tool: its package, and what needs it. */
const described = (/** @type {ToolName} */ name) => {
  /** @type {SystemTool} */
  const tool = systemTools[name];
  return `${tool.pkg} (${tool.usedBy})`;
};

/**
 * The program to run for `name`; throws at once, saying which step installs it, when it is missing.
 * @param {ToolName} name
 */
export function systemProgram(name) {
  if (isInstalled(name)) return systemTools[name].program;
  /** @type {SystemTool} */
  const tool = systemTools[name];
  throw new Error(
    `${tool.program} is not installed: ${tool.usedBy} need${tool.usedBy?.endsWith('s') ? '' : 's'} Debian's ${tool.pkg}. ` +
      `The first step of \`npm test\` installs it (as root: node scripts/ensure-tools.mjs test), or: apt-get install -y ${tool.pkg}`,
  );
}

/**
 * Installs what `command` needs and is missing, with one message saying what and why. Without root
 * it installs nothing and the message says what to install by hand and which checks need it.
 * @param {Command} command
 * @param {object} [options] (tests give their own)
 * @param {(line: string) => void} [options.log]
 * @param {boolean} [options.isRoot]
 * @param {(name: ToolName) => boolean} [options.installed]
 * @param {(packages: string[]) => void} [options.install]
 * @returns {{ installed: string[], missing: string[] }} the packages installed, and those still missing
 */
export function ensureTools(
  command,
  { log = console.error, isRoot = process.getuid?.() === 0, installed = isInstalled, install = aptInstall } = {},
) {
  const missing = toolsFor[command].filter((name) => !installed(name));
  if (missing.length === 0) return { installed: [], missing: [] };
  const packages = [...new Set(missing.map((name) => String(/** @type {SystemTool} */ (systemTools[name]).pkg)))];
  const what = missing.map(described).join('; ');
  const commandName = command === 'test' || command === 'start' ? `npm ${command}` : `pnpm ${command}`;
  if (!isRoot) {
    log(
      `${commandName} needs Debian's ${what}. Not running as root, so nothing is installed: ` +
        `install them yourself (apt-get install -y ${packages.join(' ')}); until then the checks that use them fail, saying so.`,
    );
    return { installed: [], missing: packages };
  }
  log(`${commandName} needs Debian's ${what}. Installing them with apt-get (on the first run only; under a minute).`);
  install(packages);
  return { installed: packages, missing: [] };
}

/** apt-get update, then install `packages` without questions. */
function aptInstall(/** @type {string[]} */ packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = systemProgram('aptGet');
  execFileSync(aptGet, ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync(aptGet, ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}
