// @ts-check
// `slice environment`, the administrator's: which slices an environment has, where each is served
// from (--origins legal=<origin>,…: a slice named once per origin, tried in that order) and which
// paths each serves (--paths games=/games/*,legal=/privacy-policy,…: exact paths and prefixes). The
// slices named get what is given, the others keep theirs; a slice the environment lacks is added
// by giving it both.
// - `slice environment <env> … [--staged-in <env>]`, against the discovery service (--map): the
//   environment's settings there (and where it is staged); its map is started (empty) if it has
//   none yet.
// - `slice environment …` with a map file: the deployment root's (--root) environment.json,
//   and the environment its map carries, written at once.
import { environmentProblems } from '@nova/contracts/environment';
import { emptyRemoteMap } from '@nova/contracts/remote-map';
import {
  completeSlices,
  environmentFile,
  environmentSettings,
  withDefaults,
  writeEnvironmentSettings,
} from '../deployment-root.js';
import { urlMapStore } from '../url-map-store.js';
import { originsOption, pathsOption } from './guards.js';

/** @typedef {import('../cli-options.js').CommandLine} CommandLine */
/** @typedef {import('./context.js').CommandContext} CommandContext */

/**
 * An environment's slices in words: `games at /games/* from http://localhost:4175, …; …`.
 * @param {Record<string, { origins?: readonly string[], paths?: readonly string[] }>} slices
 */
const inWords = (slices) =>
  Object.entries(slices)
    .map(
      ([slice, { origins = [], paths }]) =>
        `${slice}${paths ? ` at ${paths.join(', ')}` : ''} from ${origins.join(', ')}`,
    )
    .join('; ');

/**
 * @param {CommandLine} line
 * @param {CommandContext} context
 */
export async function environmentCommand({ args, options }, context) {
  const origins = originsOption(options);
  const paths = pathsOption(options);
  if (context.atService) return onTheService(args[0], options, context, { origins, paths });
  if (args[0] !== undefined)
    throw new Error(
      `slice environment ${args[0]} sets an environment of the discovery service: give its --map <service>/environments/${args[0]}/remotes.json (without a name: the deployment root's, --root).`,
    );
  if (options['staged-in'] !== undefined)
    throw new Error('--staged-in is for an environment of the discovery service (--map <service>/…).');
  return inTheRoot(context, { origins, paths });
}

/**
 * Each slice given either part, checked: a slice that would have one part only (a new slice needs
 * both), and an environment that would not hold (`environmentProblems`), stop the command.
 * @param {string} where the environment, for messages
 * @param {Record<string, { origins?: readonly string[], paths?: readonly string[] }>} settings every slice's, after the change
 * @param {{ origins: Record<string, string[]>, paths: Record<string, string[]> }} given
 */
function checkChange(where, settings, given) {
  const named = Object.keys({ ...given.origins, ...given.paths });
  if (named.length === 0) throw new Error('Give --origins <slice>=<origin>,… and/or --paths <slice>=<path>,….');
  for (const slice of named) {
    const { origins, paths } = settings[slice] ?? {};
    if (origins === undefined)
      throw new Error(`${where} has no origins for ${slice}: give them with --origins ${slice}=<origin>.`);
    if (paths === undefined)
      throw new Error(`${where} has no paths for ${slice}: give them with --paths ${slice}=<path> (/${slice}/*).`);
  }
  const problems = environmentProblems({ slices: settings });
  if (problems.length > 0) throw new Error(`Not changed: ${where} would not hold: ${problems.join(' ')}`);
}

/**
 * A deployment root's environment: environment.json, then the map, which carries it.
 * @param {CommandContext} context
 * @param {{ origins: Record<string, string[]>, paths: Record<string, string[]> }} given
 */
async function inTheRoot({ root, store }, given) {
  const said = environmentSettings(root);
  for (const [slice, origins] of Object.entries(given.origins)) said[slice] = { ...said[slice], origins };
  for (const [slice, paths] of Object.entries(given.paths)) said[slice] = { ...said[slice], paths };
  checkChange(environmentFile(root), completeSlicesOrNamed(withDefaults(said), given), given);
  writeEnvironmentSettings(root, said);
  // A map written through the file store carries the root's environment: composers read it there.
  const { map } = await store.update((latest) => ({ ...latest }));
  console.log(`${environmentFile(root)}: ${inWords(map.environment?.slices ?? {})}. ${store.location} carries it.`);
}

/**
 * The slices with both parts, and those the command names (one part missing is then said).
 * @param {Record<string, { origins?: string[], paths?: string[] }>} settings
 * @param {{ origins: Record<string, string[]>, paths: Record<string, string[]> }} given
 */
function completeSlicesOrNamed(settings, given) {
  const named = new Set(Object.keys({ ...given.origins, ...given.paths }));
  return {
    ...completeSlices(settings).slices,
    ...Object.fromEntries(Object.entries(settings).filter(([slice]) => named.has(slice))),
  };
}

/**
 * An environment of the discovery service: its settings, then its map if it has none.
 * @param {string | undefined} name
 * @param {CommandLine['options']} options
 * @param {CommandContext} context
 * @param {{ origins: Record<string, string[]>, paths: Record<string, string[]> }} given
 */
async function onTheService(name, options, context, given) {
  if (!name)
    throw new Error('Name the environment: slice environment <env> --origins legal=<origin>,… --paths legal=<path>,…');
  const client = context.service();
  const current = await client.environmentSettings(name);
  const sliceOrigins = { ...current?.sliceOrigins, ...given.origins };
  const slicePaths = { ...current?.slicePaths, ...given.paths };
  const named = Object.keys({ ...given.origins, ...given.paths });
  if (named.length === 0 && options['staged-in'] === undefined)
    throw new Error('Give --origins <slice>=<origin>,…, --paths <slice>=<path>,… or --staged-in <env>.');
  for (const slice of Object.keys(given.paths))
    if (!sliceOrigins[slice])
      throw new Error(`${name} has no origins for ${slice}: give them with --origins ${slice}=<origin>.`);
  const stagedIn = options['staged-in'] ?? current?.stagedIn ?? null;
  const saved = await client.saveEnvironment(name, { sliceOrigins, slicePaths, stagedIn });
  const target = urlMapStore(client.mapsOf(name), context.writeContext);
  const started = (await target.read()).revision === null && (await target.replace(null, emptyRemoteMap()));
  const settings = Object.fromEntries(
    Object.entries(saved.sliceOrigins).map(([slice, origins]) => [slice, { origins, paths: saved.slicePaths[slice] }]),
  );
  const staged = saved.stagedIn ? `; staged in ${saved.stagedIn}` : '';
  console.log(`${name} serves ${inWords(settings)}${staged}${started ? '; its map is started' : ''}.`);
}
