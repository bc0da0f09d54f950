// @ts-check
// What the slice CLI (cli.js) takes: its commands and every option, with their defaults. One table,
// so the CLI parses it and the docs check (scripts/docs.test.ts) can tell a documented option exists,
// and the one reader of the command line.
import { parseArgs } from 'node:util';
import { metricsPath } from '@nova/contracts/field-signals';
import { shell } from '@nova/contracts/slices';
import { previewLifetime } from '@nova/signing/preview-token';
import { defaultGuardRule, defaultInterval, defaultWindow } from './canary-guard.js';
import { localDeployments } from './deployment-root.js';
import { defaultPruneRule } from './prune.js';

export const commandNames = /** @type {const} */ ([
  'publish',
  'release',
  'rollback',
  'promote',
  'history',
  'token',
  'environment',
  'status',
  'preview',
  'prune',
  'list',
  'check',
  'eject',
  'create',
  'dev',
]);
/** @typedef {(typeof commandNames)[number]} CommandName */

/** @satisfies {import('node:util').ParseArgsOptionsConfig} */
export const cliOptions = /** @type {const} */ ({
  root: { type: 'string', default: localDeployments },
  map: { type: 'string', multiple: true },
  token: { type: 'string' },
  'shell-manifest': { type: 'string' },
  environment: { type: 'string', default: `http://localhost:${shell.port}` },
  dir: { type: 'string' },
  port: { type: 'string' },
  registry: { type: 'string' },
  all: { type: 'boolean', default: false },
  built: { type: 'boolean', default: false },
  dist: { type: 'string' },
  release: { type: 'boolean', default: false },
  'keep-releases': { type: 'string', default: String(defaultPruneRule.keepReleases) },
  'keep-days': { type: 'string', default: String(defaultPruneRule.keepDays) },
  'dry-run': { type: 'boolean', default: false },
  traffic: { type: 'string' },
  guard: { type: 'boolean', default: false },
  window: { type: 'string', default: defaultWindow },
  interval: { type: 'string', default: defaultInterval },
  metrics: { type: 'string', multiple: true, default: [`http://127.0.0.1:${shell.metricsPort}${metricsPath}`] },
  'min-views': { type: 'string', default: String(defaultGuardRule.minViews) },
  'min-clients': { type: 'string', default: String(defaultGuardRule.minClients) },
  'min-failures': { type: 'string', default: String(defaultGuardRule.minFailures) },
  'worse-by': { type: 'string', default: String(defaultGuardRule.worseByPoints) },
  'worse-times': { type: 'string', default: String(defaultGuardRule.worseTimes) },
  for: { type: 'string', default: `${previewLifetime.defaultMs / 3_600_000}h` },
  from: { type: 'string' },
  to: { type: 'string' },
  env: { type: 'string' },
  limit: { type: 'string', default: '30' },
  team: { type: 'string' },
  slices: { type: 'string' },
  expires: { type: 'string', default: '90d' },
  origins: { type: 'string' },
  paths: { type: 'string' },
  'staged-in': { type: 'string' },
  'allow-unstaged': { type: 'boolean', default: false },
  'drop-pages': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
});

/** What `slice --help` prints, and a command line the CLI cannot read. */
export const usage = [
  `Usage: slice <${commandNames.join('|')}> …`,
  "Each command's arguments and options: the README's slice-team section (your slice's README, or the workspace's).",
].join('\n');

/**
 * The command line, read once: the command, its arguments after it, every option (a default where
 * none is given); or, for one it cannot read (an option it does not have, a value missing), why.
 * @param {string[]} [argv]
 */
export function readCommandLine(argv = process.argv.slice(2)) {
  try {
    const { values: options, positionals } = parseArgs({ args: argv, allowPositionals: true, options: cliOptions });
    const [command, ...args] = positionals;
    return { command, args, options, positionals };
  } catch (error) {
    // Node's own words name the option; its advice about "--" is for another kind of tool.
    const message =
      error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '.') : error;
    return { unreadable: `${message}\n${usage}` };
  }
}
/** @typedef {Exclude<ReturnType<typeof readCommandLine>, { unreadable: string }>} CommandLine */
