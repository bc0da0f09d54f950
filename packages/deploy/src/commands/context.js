// @ts-check
// What every command of the slice CLI works with, made once from the command line: the deployment
// root, the environment's map store (a file that carries the root's environment, or the discovery
// service's map on each instance), the
// service's other calls, what a write tells the service, and the shell build the contract check reads.
import { join } from 'node:path';
import { isHttpUrl } from '@nova/contracts/remote-map';
import { shell } from '@nova/contracts/slices';
import { remoteMapFile } from '../deployment-root.js';
import { discoveryClient } from '../discovery-client.js';
import { fileMapStore } from '../file-map-store.js';
import { urlMapStore } from '../url-map-store.js';
import { workspaceRoot } from '../workspace.js';

/** @typedef {import('../cli-options.js').CommandLine} CommandLine */
/** @typedef {CommandLine['options']} Options */

/**
 * A command: what it does with its command line, in the context made from it.
 * @typedef {(line: CommandLine, context: CommandContext) => Promise<unknown>} Command
 */

/** The options that say what a command does (never --token), as its history records them. */
function flagsForHistory(/** @type {Options} */ options) {
  const named = /** @type {const} */ (['traffic', 'from', 'to']);
  const switches = /** @type {const} */ (['all', 'release', 'guard', 'allow-unstaged', 'drop-pages']);
  return [
    ...named.filter((name) => options[name] !== undefined).map((name) => `--${name} ${options[name]}`),
    ...switches.filter((name) => options[name]).map((name) => `--${name}`),
  ];
}

/**
 * The context of a command line. Several --map that are not URLs stop the CLI here.
 * @param {CommandLine} line
 */
export function commandContext({ options, positionals }) {
  const root = options.root;
  const mapLocations = options.map ?? [remoteMapFile(root)];
  const token = options.token ?? process.env.SLICE_TOKEN;
  /** What a write tells the discovery service: the team's token, this command, a rule set aside. */
  const writeContext = {
    token,
    command: ['slice', ...positionals, ...flagsForHistory(options)].join(' '),
    override: options['allow-unstaged'] ? 'unstaged' : undefined,
  };
  const atService = mapLocations.every((location) => isHttpUrl(location));
  if (!atService && mapLocations.length > 1) {
    console.error('slice: several --map are instances of the discovery service: URLs, not files.');
    process.exit(1);
  }
  return {
    root,
    writeContext,
    /** Whether the map is the discovery service's (else a file, carrying the root's environment). */
    atService,
    store: atService
      ? urlMapStore(mapLocations, writeContext)
      : fileMapStore(/** @type {string} */ (mapLocations[0]), { root }),
    /** The discovery service behind --map (its commands need one: it says so for anything else). */
    service: () => discoveryClient(mapLocations, { token }),
    /** The shell build a version must fit: --shell-manifest, the workspace's build, or the environment's. */
    shellManifest:
      options['shell-manifest'] ??
      (workspaceRoot
        ? join(workspaceRoot, shell.folder, 'dist/mf-manifest.json')
        : new URL('/mf-manifest.json', options.environment).href),
  };
}
/** @typedef {ReturnType<typeof commandContext>} CommandContext */
