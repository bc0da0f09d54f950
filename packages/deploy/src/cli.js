#!/usr/bin/env node
// @ts-check
// The slice deployment CLI: what a slice team runs against an environment's deployments.
//   slice publish <slice> | --all   build (or --built: take the build as it is, --dist <dir>: that build), publish, print the version
//                                   (--release: release it too)
//   slice release <slice> <version> make that version the released one, if it fits the shell
//                                   (--traffic P: the canary, with P % of the visitors; --guard:
//                                   then watch it, roll it back or promote it; see canary-guard.js)
//   slice rollback <slice>          end the canary, or (none) return to the version released before
//   slice status <slice>            each version's share and field signals (--metrics <url> ...)
//   slice preview <slice> <version> a link that previews that version in the tab that opens it
//                                   (--for <duration>, at most 24h; --environment <url>), signed with the
//                                   environment's key (SIGNING_KEY, or the root's signing-key file)
//   slice prune <slice> | --all     retire old versions (see prune.js; --keep-releases N, --keep-days N, --dry-run)
//   slice list                      each slice's versions, which one is released, which is the canary
//   slice check                     every released version against the shell's build
// Against the discovery service (discovery/):
//   slice promote <slice> <version> --from <env> --to <env>   the exact artifact, released in the
//                                   other environment (--traffic P: as its canary)
//   slice rollback <slice> --to <revision>   the slice's entries as they were at that revision
//   slice history <slice>           the revisions that changed it (--env <env>, --limit N)
//   slice token create|list|revoke <id>      the administrator's: a team's token (--team, --slices,
//                                   --env, --expires 90d), shown once
//   slice environment <env>         the administrator's: where its slices are served from
//                                   (--origins legal=<origin>,…) and where it is staged (--staged-in <env>)
// --root <dir> picks the deployment root, where version folders go (default: deployments/, which
// `npm start` serves). --map <file-or-url> picks the remote map (default: <root>/remotes.json): a
// file on this machine (no identity, no history), or an environment's map on the discovery service,
// `<service>/environments/<env>/remotes.json`, changed with conditional PUTs; --map once per
// instance of the service, tried in turn. Writes to the service carry a team's token: --token, or
// better SLICE_TOKEN (a command line is visible to every process). --allow-unstaged: the
// administrator releases in production what staging never had (recorded).
//   slice eject <slice> --dir <dir> a repository of its own for the slice (see eject.js; --registry <url>)
//   slice dev <slice>               in the slice's folder: its dev server, and a link that shows the
//                                   --environment with this slice from source in the browser that opens
//                                   it (see dev.js; --port, by default the slice's port + 1000)
// --shell-manifest <file-or-url> is the shell build the contract check uses (default: in the
// workspace, shell/dist/mf-manifest.json; elsewhere the environment's, <environment>/mf-manifest.json,
// where --environment <url> is the environment's site, by default http://localhost:4173).
// Every change to the map is one compare-and-set update: concurrent runs never lose each other's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { emptyRemoteMap, isHttpUrl, releasedVersion } from '@nova/contracts/remote-map';
import { pageRoute } from '@nova/contracts/routes';
import { shell, sliceNames, slices } from '@nova/contracts/slices';
import { previewLifetime, previewToken } from '@nova/signing/preview-token';
import { environmentKey } from '@nova/signing/signing-key';
import { signer } from '@nova/signing/signing';
import { canaryVersion } from '@nova/contracts/traffic';
import { ruleInWords, watchCanary } from './canary-guard.js';
import { cliOptions } from './cli-options.js';
import { contractProblems } from './contract.js';
import { discoveryClient } from './discovery-client.js';
import { devUntilStopped } from './dev.js';
import { parseDuration } from './duration.js';
import { eject } from './eject.js';
import { remoteMapFile, versionFolder } from './deployment-root.js';
import { fileMapStore } from './file-map-store.js';
import { canaryOf, release, releaseCanary, rollback } from './map-changes.js';
import { printable } from './printable.js';
import { promoted } from './promotion.js';
import { prune } from './prune.js';
import { buildSlice, builtSlice, publish } from './publish.js';
import { restoredSlice } from './restore.js';
import { readShellManifest } from './shell-manifest.js';
import { readServers, sumReadings } from './slice-signals.js';
import { statusRows, table } from './slice-status.js';
import { urlMapStore } from './url-map-store.js';
import { workspaceRoot } from './workspace.js';

/** @typedef {import('@nova/contracts/slices').SliceName} SliceName */
/** @typedef {import('./slice-signals.js').Reading} Reading */
/** @typedef {import('@nova/contracts/remote-map').RemoteMapJson} RemoteMapJson */

const { values: options, positionals } = parseArgs({ allowPositionals: true, options: cliOptions });
const [command, ...args] = positionals;
const root = options.root;
const mapLocations = options.map ?? [remoteMapFile(root)];
const token = options.token ?? process.env.SLICE_TOKEN;
/** What a write tells the discovery service: the team's token, this command, a rule set aside. */
const writeContext = {
  token,
  command: ['slice', ...positionals, ...flagsForHistory()].join(' '),
  override: options['allow-unstaged'] ? 'unstaged' : undefined,
};
const atService = mapLocations.every((location) => isHttpUrl(location));
if (!atService && mapLocations.length > 1) {
  console.error('slice: several --map are instances of the discovery service: URLs, not files.');
  process.exit(1);
}
const store = atService
  ? urlMapStore(mapLocations, writeContext)
  : fileMapStore(/** @type {string} */ (mapLocations[0]));
/** The discovery service behind --map (its commands need one). */
const service = () => discoveryClient(mapLocations, { token });
const readJson = (/** @type {string} */ file) => JSON.parse(readFileSync(file, 'utf8'));
const shellManifest =
  options['shell-manifest'] ??
  (workspaceRoot
    ? join(workspaceRoot, shell.folder, 'dist/mf-manifest.json')
    : new URL('/mf-manifest.json', options.environment).href);

/** The options that say what a command does (never --token), as its history records them. */
function flagsForHistory() {
  const named = /** @type {const} */ (['traffic', 'from', 'to']);
  const switches = /** @type {const} */ (['all', 'release', 'guard', 'allow-unstaged']);
  return [
    ...named.filter((name) => options[name] !== undefined).map((name) => `--${name} ${options[name]}`),
    ...switches.filter((name) => options[name]).map((name) => `--${name}`),
  ];
}

/** @param {string | undefined} name */
function sliceNamed(name) {
  if (name && name in slices) return /** @type {SliceName} */ (name);
  throw new Error(`Name a slice: ${sliceNames.join(', ')}.`);
}

/** @typedef {'keep-days' | 'keep-releases' | 'traffic' | 'min-views' | 'min-clients' | 'min-failures' | 'worse-by' | 'limit'} WholeNumberOption */

/** A whole-number option, from `min` to `max` (`why` says what a number outside would break). */
function wholeNumberOption(
  /** @type {WholeNumberOption} */ name,
  /** @type {number} */ min,
  /** @type {string} */ why,
  max = Number.MAX_SAFE_INTEGER,
) {
  const text = options[name] ?? '';
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new Error(`--${name} must be a whole number ${range}${why}, not "${text}".`);
  }
  return value;
}

/** The guard's rule, from its options. */
function guardRule() {
  const worseTimes = Number(options['worse-times']);
  if (!(worseTimes >= 1))
    throw new Error(`--worse-times must be a number of at least 1, not "${options['worse-times']}".`);
  return {
    minViews: wholeNumberOption('min-views', 1, ''),
    minClients: wholeNumberOption('min-clients', 1, ''),
    minFailures: wholeNumberOption('min-failures', 1, ''),
    worseByPoints: wholeNumberOption('worse-by', 1, ' (percentage points)', 100),
    worseTimes,
  };
}

/** Every --metrics server's reading of the slice; one that cannot be read stops the command. */
async function readEveryServer(/** @type {SliceName} */ slice) {
  const readings = await readServers(options.metrics, slice);
  for (const reading of readings.values()) if (reading instanceof Error) throw reading;
  return /** @type {Map<string, Reading>} */ (readings);
}

/** Problems between the shell's build and one published version of a slice. */
async function problemsOf(/** @type {SliceName} */ slice, /** @type {string} */ version) {
  const remoteManifest = join(versionFolder(root, slice, version), 'mf-manifest.json');
  if (!existsSync(remoteManifest))
    return [`${slice} ${version} is not published under ${root} (no ${remoteManifest}).`];
  return contractProblems({
    remote: slice,
    version,
    remoteManifest: readJson(remoteManifest),
    shellManifest: await readShellManifest(shellManifest),
  });
}

/** Releases a version if it fits the shell (to 100 %: a canary is cleared, or promoted if it is this one). */
async function releaseChecked(/** @type {SliceName} */ slice, /** @type {string} */ version) {
  const problems = await problemsOf(slice, version);
  if (problems.length > 0) throw new Error(`Not released: ${problems.join(' ')}`);
  const { previous } = await store.update((map) => release(map, slice, version, new Date()));
  const canary = canaryOf(previous, slice)?.version;
  const news = canary === version ? ': the canary is promoted' : canary ? ` (the canary ${canary} is cleared)` : '';
  console.log(`${slice} ${version} is released${news}.`);
}

/** Makes a version the slice's canary if it fits the shell; says which canary it is. */
async function releaseCanaryChecked(/** @type {SliceName} */ slice, /** @type {string} */ version, share = 0) {
  const problems = await problemsOf(slice, version);
  if (problems.length > 0) throw new Error(`Not released as the canary: ${problems.join(' ')}`);
  const { map, previous } = await store.update((latest) => releaseCanary(latest, slice, version, share, new Date()));
  const canary = /** @type {import('./map-changes.js').CanaryMark} */ (canaryOf(map, slice));
  const released = /** @type {string} */ (releasedVersion(map.microFrontends[slice] ?? [])?.metadata.version);
  const earlier = canaryOf(previous, slice)?.version;
  const replaced = earlier && earlier !== version ? ` (it replaces the canary ${earlier})` : '';
  console.log(
    `${slice} ${version} is the canary with ${share} % of the traffic; ${released} keeps ${100 - share} %${replaced}.`,
  );
  return { canary, released };
}

/** Sets the canary, then watches it (canary-guard.js); exits 0 only if it was promoted. */
async function guardedCanary(
  /** @type {SliceName} */ slice,
  /** @type {string} */ version,
  /** @type {number} */ share,
) {
  const rule = guardRule();
  const windowMs = parseDuration(options.window, '--window');
  const intervalMs = parseDuration(options.interval, '--interval');
  const baseline = await readEveryServer(slice);
  const { canary, released } = await releaseCanaryChecked(slice, version, share);
  console.log(
    `Watching ${slice} ${version} against ${released} for ${options.window}, every ${options.interval}, ` +
      `from ${options.metrics.join(', ')} (rollback: ${ruleInWords(rule)}).`,
  );
  const { outcome, message } = await watchCanary({
    slice,
    canary,
    released,
    store,
    baseline,
    read: () => readServers(options.metrics, slice),
    rule,
    windowMs,
    intervalMs,
    sleep,
    now: () => new Date(),
    log: (line) => console.log(line),
    problems: () => problemsOf(slice, version),
  });
  console.log(message);
  if (outcome !== 'promoted') process.exitCode = 1;
}

/** A revision's number, as `--to` gives it. */
function revisionNumber(/** @type {string} */ text) {
  if (!/^[1-9]\d{0,8}$/.test(text))
    throw new Error(`--to takes a revision's number (see: slice history), not "${text}".`);
  return Number(text);
}

/** A comma-separated list of names (`--slices legal,games`), at least one. */
function listOption(/** @type {'slices' | 'env'} */ name) {
  const list = (options[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error(`Give --${name} as a comma-separated list.`);
  return list;
}

/** One version of a slice as an environment's map lists it. */
function entryIn(
  /** @type {RemoteMapJson} */ map,
  /** @type {string} */ slice,
  /** @type {string} */ version,
  /** @type {string} */ where,
) {
  const entry = (map.microFrontends[slice] ?? []).find((listed) => listed.metadata.version === version);
  if (!entry) throw new Error(`${where} does not list ${slice} ${version} (see: slice list --map …).`);
  return entry;
}

/** Returns a slice to its entries at a revision of the service's map, if what was released then fits the shell. */
async function rollbackTo(/** @type {SliceName} */ slice, /** @type {number} */ revision) {
  const client = service();
  const past = await client.revision(client.environment, revision);
  const entries = past.microFrontends[slice] ?? [];
  const wanted = [releasedVersion(entries), canaryVersion(entries)].flatMap((entry) => entry?.metadata.version ?? []);
  const problems = (await Promise.all(wanted.map((version) => problemsOf(slice, version)))).flat();
  if (problems.length > 0) throw new Error(`Not rolled back: ${problems.join(' ')}`);
  const { map, previous } = await store.update((latest) => restoredSlice(latest, slice, past, revision));
  const released = releasedVersion(map.microFrontends[slice] ?? [])?.metadata.version ?? 'nothing';
  const canary = canaryOf(map, slice);
  const state = `${released} released${canary ? `, ${canary.version} the canary with ${canary.share} %` : ''}`;
  console.log(
    map === previous
      ? `${slice} is already as it was at revision ${revision} (${state}).`
      : `${slice} is back to revision ${revision}: ${state}.`,
  );
}

/** `slice token create|list|revoke <id>`: the administrator's. */
async function tokenCommand() {
  const client = service();
  const [action, id] = args;
  if (action === 'create') {
    if (!options.team) throw new Error('Name the team: --team <team>.');
    const expiresAt = new Date(Date.now() + parseDuration(options.expires, '--expires')).toISOString();
    const made = await client.createToken({
      team: options.team,
      slices: listOption('slices'),
      environments: listOption('env'),
      expiresAt,
    });
    console.log(
      `Token ${made.id} of the ${made.team} team: ${made.slices.join(', ')} in ${made.environments.join(', ')}, until ${made.expiresAt}.\n` +
        `${made.token}\n` +
        'It is shown this once: keep it in a secret store and give it to the slice CLI as SLICE_TOKEN.',
    );
  } else if (action === 'revoke') {
    if (!id) throw new Error('Name the token to revoke: slice token revoke <id> (see: slice token list).');
    await client.revokeToken(id);
    console.log(`Token ${id} is revoked: the service refuses it from now on; history still names it.`);
  } else if (action === 'list') {
    for (const listed of await client.tokens()) {
      const state = listed.revokedAt ? `revoked ${listed.revokedAt}` : `until ${listed.expiresAt}`;
      console.log(
        `  ${listed.id}  ${listed.team}: ${listed.slices.join(', ')} in ${listed.environments.join(', ')}; ${state}`,
      );
    }
  } else throw new Error('Usage: slice token create --team <team> --slices <a,b> --env <a,b> | list | revoke <id>');
}

/** `slice environment <env> --origins legal=<origin>,… [--staged-in <env>]`: the administrator's; also starts its map. */
async function environmentCommand() {
  const environment = args[0];
  if (!environment) throw new Error('Name the environment: slice environment <env> --origins legal=<origin>,…');
  /** @type {Record<string, string[]>} */
  const sliceOrigins = {};
  for (const pair of (options.origins ?? '').split(',').filter(Boolean)) {
    const [slice, origin] = pair.split('=');
    if (!slice || !origin) throw new Error(`--origins takes slice=origin pairs, not "${pair}".`);
    (sliceOrigins[slice.trim()] ??= []).push(origin.trim());
  }
  const client = service();
  await client.saveEnvironment(environment, { sliceOrigins, stagedIn: options['staged-in'] ?? null });
  const target = urlMapStore(client.mapsOf(environment), writeContext);
  const started = (await target.read()).revision === null && (await target.replace(null, emptyRemoteMap()));
  const staged = options['staged-in'] ? `; staged in ${options['staged-in']}` : '';
  console.log(
    `${environment} serves ${Object.entries(sliceOrigins)
      .map(([slice, origins]) => `${slice} from ${origins.join(', ')}`)
      .join('; ')}${staged}${started ? '; its map is started' : ''}.`,
  );
}

/** @type {Record<import('./cli-options.js').CommandName, () => unknown>} */
const commands = {
  async publish() {
    for (const slice of options.all ? sliceNames : [sliceNamed(args[0])]) {
      const { dist, built } = options;
      const build = dist ? () => dist : built ? builtSlice : buildSlice;
      const version = await publish({ root, slice, build, store });
      console.log(`${slice} ${version} is published.`);
      if (options.release) await releaseChecked(slice, version);
    }
  },
  async release() {
    const slice = sliceNamed(args[0]);
    const version = args[1];
    if (!version) throw new Error('Name the version to release (see: pnpm slice:list).');
    if (options.traffic === undefined) {
      if (options.guard) throw new Error('--guard watches a canary: give its share with --traffic <percent>.');
      return releaseChecked(slice, version);
    }
    const share = wholeNumberOption('traffic', 1, " (a canary's share of the visitors)", 99);
    if (options.guard) return guardedCanary(slice, version, share);
    await releaseCanaryChecked(slice, version, share);
  },
  async rollback() {
    const slice = sliceNamed(args[0]);
    if (options.to !== undefined) return rollbackTo(slice, revisionNumber(options.to));
    const { map, previous } = await store.update((latest) => rollback(latest, slice, new Date()).map);
    const released = releasedVersion(map.microFrontends[slice] ?? [])?.metadata.version;
    const canary = canaryOf(previous, slice)?.version;
    console.log(
      canary
        ? `${slice}: the canary ${canary} is rolled back; all traffic is on ${released} again.`
        : `${slice} is back to ${released}.`,
    );
  },
  async promote() {
    const slice = sliceNamed(args[0]);
    const version = args[1];
    if (!version || !options.from || !options.to)
      throw new Error('Usage: slice promote <slice> <version> --from <env> --to <env> [--traffic P]');
    const client = service();
    const source = urlMapStore(client.mapsOf(options.from), writeContext);
    const entry = entryIn((await source.read()).map, slice, version, options.from);
    const problems = await problemsOf(slice, version);
    if (problems.length > 0) throw new Error(`Not promoted: ${problems.join(' ')}`);
    const share =
      options.traffic === undefined
        ? undefined
        : wholeNumberOption('traffic', 1, " (a canary's share of the visitors)", 99);
    const target = urlMapStore(client.mapsOf(options.to), writeContext);
    await target.update((map) => promoted(map, slice, entry, share, new Date()));
    const how = share === undefined ? 'released there' : `its canary there with ${share} % of the traffic`;
    console.log(`${slice} ${version} is promoted from ${options.from} to ${options.to} (${entry.url}) and ${how}.`);
  },
  async history() {
    const slice = sliceNamed(args[0]);
    const client = service();
    const environment = options.env ?? client.environment;
    const limit = wholeNumberOption('limit', 1, '', 1000);
    const entries = await client.history(environment, slice, limit);
    console.log(`${slice} in ${environment}: ${entries.length === 0 ? 'no change yet' : 'newest first'}`);
    // What the service stored is shown as text, never as a terminal's controls (a forged line).
    const shown = (/** @type {unknown} */ value) => printable(String(value));
    for (const entry of entries) {
      const built = entry.commit ? `, built from ${shown(entry.commit)}` : '';
      const override = entry.override ? ` [the administrator set aside: ${shown(entry.override)}]` : '';
      console.log(
        `  #${shown(entry.revision)}  ${shown(entry.at)}  ${shown(entry.team)} (token ${shown(entry.tokenId)})  ${shown(entry.summary)}${built}  <${shown(entry.command)}>${override}`,
      );
    }
  },
  token: tokenCommand,
  environment: environmentCommand,
  async status() {
    const slice = sliceNamed(args[0]);
    const rule = guardRule();
    const readings = await readEveryServer(slice);
    const versions = (await store.read()).map.microFrontends[slice] ?? [];
    const servers = `${readings.size} server${readings.size === 1 ? '' : 's'}`;
    console.log(`${slice}: field signals counted by ${servers} (${[...readings.keys()].join(', ')})`);
    for (const line of table(statusRows(versions, sumReadings(readings.values())))) console.log(`  ${line}`);
    console.log(
      `The guard judges a canary from ${rule.minViews} page views and ${rule.minClients} distinct clients ` +
        '(--min-views, --min-clients).',
    );
  },
  async preview() {
    const slice = sliceNamed(args[0]);
    const version = args[1];
    if (!version) throw new Error('Name the version to preview (see: pnpm slice:list).');
    const lifetimeMs = parseDuration(options.for, '--for');
    if (lifetimeMs < 1000 || lifetimeMs > previewLifetime.maxMs)
      throw new Error(`--for must be from 1s to ${previewLifetime.maxMs / 3_600_000}h, not "${options.for}".`);
    const listed = ((await store.read()).map.microFrontends[slice] ?? []).find(
      (entry) => entry.metadata.version === version,
    );
    if (!listed) throw new Error(`${slice} has no version ${version} in this environment (see: pnpm slice:list).`);
    if (/** @type {{ rolledBackAt?: string[] }} */ (listed.extras ?? {}).rolledBackAt?.length)
      throw new Error(`${slice} ${version} was rolled back: it can no longer be previewed.`);
    const key = environmentKey({ root });
    if (!key)
      throw new Error(
        `No signing key: set SIGNING_KEY to the environment's (the composers'), or use --root with a ` +
          'local environment that has one (npm start makes it).',
      );
    const expiresAt = Date.now() + lifetimeMs;
    const firstPage = /** @type {import('@nova/contracts/remote-modules').RemoteModuleId} */ (
      `${slice}/${slices[slice].exposes[0]}`
    );
    const page = pageRoute(firstPage) ?? '/';
    const link = new URL(page, options.environment);
    link.searchParams.set('preview', previewToken(signer(key), { slice, version, expiresAt }));
    console.log(`Preview of ${slice} ${version} until ${new Date(expiresAt).toISOString()}, in the tab that opens:`);
    console.log(link.href);
  },
  async prune() {
    const rule = {
      keepReleases: wholeNumberOption('keep-releases', 2, ': a rollback needs the release before the current one'),
      keepDays: wholeNumberOption('keep-days', 0, ''),
    };
    const dryRun = options['dry-run'];
    const slicesToPrune = options.all ? sliceNames : [sliceNamed(args[0])];
    const { judged, retired } = await prune({ root, store, slices: slicesToPrune, rule, dryRun });
    for (const { slice, verdicts } of judged) {
      console.log(`${slice}${verdicts.length === 0 ? ': nothing published' : ''}`);
      for (const { version, kept, publishedAt, lastReleasedAt } of verdicts) {
        const why =
          kept.length > 0
            ? `kept: ${kept.join('; ')}`
            : `${dryRun ? 'would remove' : 'removed'}: published ${publishedAt}, last released ${lastReleasedAt ?? 'never'}`;
        console.log(`  ${version}  ${why}`);
      }
    }
    const what = `${retired.length} version${retired.length === 1 ? '' : 's'}`;
    console.log(
      dryRun ? `Would remove ${what} (dry run: nothing changed).` : `Removed ${what} from the map and their folders.`,
    );
  },
  async list() {
    const { microFrontends } = (await store.read()).map;
    for (const slice of sliceNames) {
      const versions = microFrontends[slice] ?? [];
      console.log(`${slice}${versions.length === 0 ? ': nothing published' : ''}`);
      const released = releasedVersion(versions);
      const canary = canaryVersion(versions);
      for (const { metadata, extras, deployment } of versions) {
        const from = extras?.builtFrom
          ? `built ${extras.builtFrom.builtAt} from ${extras.builtFrom.commit ?? 'an unknown commit'}${extras.builtFrom.dirty ? ' with local changes' : ''}`
          : '';
        const role =
          metadata.version === canary?.metadata.version
            ? ['~', `canary, ${deployment.traffic} %  `]
            : metadata.version === released?.metadata.version
              ? ['*', canary ? `released, ${deployment.traffic} %  ` : '']
              : [' ', ''];
        console.log(`  ${role[0]} ${metadata.version}  ${role[1]}${from}`);
      }
    }
  },
  async check() {
    const { microFrontends } = (await store.read()).map;
    const problems = [];
    for (const slice of sliceNames) {
      const released = releasedVersion(microFrontends[slice] ?? []);
      problems.push(
        ...(released ? await problemsOf(slice, released.metadata.version) : [`${slice} has no released version.`]),
      );
    }
    if (problems.length > 0) throw new Error(`The shell and the released slices do not fit:\n${problems.join('\n')}`);
    console.log('Every released slice fits the shell.');
  },
  eject: () => eject({ slice: sliceNamed(args[0]), dir: options.dir, registry: options.registry }),
  dev: () =>
    devUntilStopped({
      slice: sliceNamed(args[0]),
      folder: process.cwd(),
      root,
      environment: options.environment,
      port: options.port,
    }),
};

try {
  if (!command || !(command in commands)) throw new Error(`Usage: slice <${Object.keys(commands).join('|')}> …`);
  await commands[/** @type {keyof typeof commands} */ (command)]();
} catch (error) {
  console.error(`slice ${positionals.join(' ')} failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
