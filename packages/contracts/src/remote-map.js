// @ts-check
// The environment's remote map (/remotes.json): for each slice, every version deployed and
// which one is released. Its shape follows awslabs/frontend-discovery's schema (v1-pre).
import { environmentProblems, sliceNamePattern } from './environment.js';
import { pagesProblems } from './pages.js';

export const remoteMapSchema = 'https://github.com/awslabs/frontend-discovery/blob/main/schema/v1-pre.json';

/**
 * One deployed version of a slice. `url` is its federation manifest; the released version has
 * `deployment.default` (and all the traffic). `extras` says what it was built from (the commit,
 * when git knew it) and when it was released, made the canary or rolled back: nothing else (see
 * `extrasProblems`).
 * @typedef {{ commit?: string, dirty: boolean, builtAt: string }} BuiltFrom
 * @typedef {{ builtFrom?: BuiltFrom, releasedAt?: string[], canaryAt?: string[], rolledBackAt?: string[] }} VersionExtras
 * @typedef {{
 *   url: string,
 *   metadata: { integrity: string, version: string },
 *   deployment: { traffic: number, default: boolean },
 *   extras?: VersionExtras,
 * }} SliceVersion
 * @typedef {{ schema: string, microFrontends: Record<string, SliceVersion[]> }} RemoteMapJson
 */

/**
 * One version's entry in a slice's list: released by default (the default, all the traffic);
 * `released: false` lists it only, and `traffic` gives a version that is not the default a share
 * (a canary).
 * @param {{ url: string, version: string, integrity?: string, released?: boolean, traffic?: number }} entry
 * @returns {SliceVersion}
 */
export const sliceVersion = ({ url, version, integrity = '', released = true, traffic = released ? 100 : 0 }) => ({
  url,
  metadata: { integrity, version },
  deployment: { traffic, default: released },
});

/** A map that lists nothing yet. */
export const emptyRemoteMap = () => /** @type {RemoteMapJson} */ ({ schema: remoteMapSchema, microFrontends: {} });

/**
 * The released version among a slice's versions: the one marked default. Safe on unchecked JSON
 * records too, whatever their `deployment` holds.
 * @template {{ deployment?: unknown }} T
 * @param {readonly T[]} versions
 */
export const releasedVersion = (versions) =>
  versions.find(
    (version) => /** @type {{ default?: unknown } | null | undefined} */ (version.deployment)?.default === true,
  );

/**
 * Whether a JSON value is an object with keys (not null, not an array).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The versions a map may name, as `slice publish` writes them (`1.0.0-3fa9c21b`): letters, digits,
 * `.`, `_`, `+` and `-`, at most 64 of them, nothing that needs escaping in a URL or a path, and
 * never a name made only of dots (`.` and `..` are a folder itself and its parent). Checked
 * wherever a version is read: the composer, the browser's map parser, the deploy CLI.
 */
const versionName = /^(?!\.+$)[\w.+-]{1,64}$/;

/**
 * Whether a JSON value is a version name a map may use (see `versionName`).
 * @param {unknown} value
 * @returns {value is string}
 */
export const isVersionName = (value) => typeof value === 'string' && versionName.test(value);

/** What a version name may be, for messages that refuse one. */
export const versionNameRule = 'letters, digits, ".", "_", "+" and "-", at most 64, not only dots';

/**
 * Whether a JSON value is an http(s) URL: the only kind of entry a map may send a browser to.
 * @param {unknown} value
 * @returns {value is string}
 */
export const isHttpUrl = (value) =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * Whether a JSON value is a subresource integrity (`sha256-<base64>`, as `slice publish` writes
 * for a version's manifest; sha384 and sha512 too, as browsers take them).
 * @param {unknown} value
 * @returns {value is string}
 */
export const isIntegrity = (value) =>
  typeof value === 'string' && /^sha(?:256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}$/.test(value);

/**
 * A version a browser may load, as a map lists it: its manifest URL, version name and the
 * integrity of its manifest.
 * @typedef {{ url: string, version: string, integrity: string }} LoadableVersion
 */

/**
 * A listed version from an unchecked map, if a browser may load it: an http(s) URL, a version
 * name and an integrity (none needed of Vite's dev servers, whose files change as they are
 * edited: `devServers`); else why not.
 * @param {unknown} listed
 * @param {{ devServers?: boolean }} [served]
 * @returns {{ loadable: LoadableVersion } | { refused: string }}
 */
export function loadableVersion(listed, { devServers = false } = {}) {
  if (!isRecord(listed) || !isHttpUrl(listed.url)) return { refused: 'its URL is not an http(s) URL' };
  const { version, integrity } = isRecord(listed.metadata) ? listed.metadata : {};
  if (!isVersionName(version)) return { refused: `its version ${JSON.stringify(version)} is not a version name` };
  if (isIntegrity(integrity)) return { loadable: { url: listed.url, version, integrity } };
  if (devServers) return { loadable: { url: listed.url, version, integrity: '' } };
  return { refused: 'it has no integrity (sha256-… of its manifest), so its files cannot be checked' };
}

/**
 * Why a slice has no released version to load, as the composer logs it and the browser
 * shows it: none is marked released, or the one that is cannot be used (`refused` says why).
 * @param {string} slice
 * @param {unknown} released the version marked released, if any
 * @param {string} refused
 */
export function releasedProblem(slice, released, refused) {
  if (released === undefined) return `remotes.json has no released version of "${slice}".`;
  const version =
    isRecord(released) && isRecord(released.metadata) ? ` ${JSON.stringify(released.metadata.version)}` : '';
  return `remotes.json's released version${version} of "${slice}" cannot be used: ${refused}.`;
}

/**
 * The slices of a map as its readers take it (the composer and the browser): the ones its
 * environment names, with their origins and paths. The map is unusable as a whole when it is not
 * the frontend-discovery shape, names no usable environment, or lists a version of none of its
 * slices, and then the reason says which, for a log or a screen. Otherwise each slice's listed
 * entries that are objects, unchecked (`[]` for a slice it does not list): each reader checks a
 * slice's versions on its own, so that one bad slice never breaks the others.
 * @param {unknown} json a parsed /remotes.json
 * @returns {{ unusable: string } | { slices: Record<string, Record<string, unknown>[]>, environment: import('./environment.js').Environment }}
 */
export function mapSlices(json) {
  if (!isRecord(json) || !isRecord(json.microFrontends))
    return { unusable: 'remotes.json must list the micro-frontends of this environment (microFrontends).' };
  const { microFrontends } = json;
  if (json.environment === undefined)
    return {
      unusable:
        'remotes.json names no environment (a map written before maps carried it): the next release writes it, or `slice environment`.',
    };
  const [problem] = environmentProblems(json.environment);
  if (problem !== undefined)
    return { unusable: `remotes.json names no usable environment (its slices, their origins and paths): ${problem}` };
  const environment = /** @type {import('./environment.js').Environment} */ (json.environment);
  const names = Object.keys(environment.slices);
  const listOf = (/** @type {string} */ slice) => {
    const versions = Object.hasOwn(microFrontends, slice) ? microFrontends[slice] : undefined;
    return Array.isArray(versions) ? versions : [];
  };
  if (!names.some((slice) => listOf(slice).length > 0))
    return { unusable: `remotes.json lists no version of this environment's slices (${names.join(', ')}).` };
  const slices = Object.fromEntries(names.map((slice) => [slice, listOf(slice).filter(isRecord)]));
  return { slices, environment };
}

/**
 * How many levels of objects and lists a map may nest, the map itself the first: a version's
 * `extras.builtFrom` is the sixth, and the administrator's own fields have two to spare. A deeper
 * value is refused before anything else reads it (nothing then recurses through it).
 */
export const maxRemoteMapDepth = 8;

/**
 * Whether a JSON value nests objects and lists more than `limit` levels deep (a plain value is 0
 * levels, `[]` one). Walks the value without recursion, so no depth overflows the stack.
 * @param {unknown} value
 * @param {number} limit
 */
export function nestsDeeperThan(value, limit) {
  /** @type {[unknown, number][]} */
  const pending = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const inner of Object.values(item)) pending.push([inner, depth + 1]);
  }
  return false;
}

/**
 * Free text a map stores and tools print (a URL, an integrity): printable ASCII without spaces
 * (no newline, no terminal escape), at most `max` characters.
 * @param {unknown} value
 * @param {number} max
 * @returns {value is string}
 */
const isPlainText = (value, max) => typeof value === 'string' && value.length <= max && /^[\x21-\x7e]*$/.test(value);
const maxUrlLength = 2048;
const maxIntegrityLength = 256;

/** A commit as git names it: 7 to 40 hex digits (`git rev-parse --short HEAD` gives 7 or more). */
const commitPattern = /^[0-9a-f]{7,40}$/i;
/** A time as `Date.prototype.toISOString` writes it (`2026-01-01T00:00:00.000Z`). */
const isTime = (/** @type {unknown} */ value) =>
  typeof value === 'string' &&
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z$/.test(value) &&
  !Number.isNaN(Date.parse(value));
/** The lists of times a version's extras keep: when it was released, made the canary, rolled back. */
const timeLists = ['releasedAt', 'canaryAt', 'rolledBackAt'];
const extrasKeys = ['builtFrom', ...timeLists];
const builtFromKeys = ['commit', 'dirty', 'builtAt'];

/**
 * The first of an object's keys that is not one of `known`, shown safely for a message.
 * @param {Record<string, unknown>} record
 * @param {string[]} known
 */
const unknownKey = (record, known) => {
  const key = Object.keys(record).find((name) => !known.includes(name));
  return key === undefined ? undefined : JSON.stringify(key.slice(0, 40));
};

/**
 * What is wrong with a version's `extras` (nothing: `[]`): only what the slice CLI records, each
 * of its shape. `builtFrom` is `{ commit?, dirty, builtAt }` (the commit as git names it, left out
 * when git did not know it); `releasedAt`, `canaryAt` and `rolledBackAt` are lists of times.
 * @param {string} where the entry, for messages (`legal[0]`)
 * @param {unknown} extras
 * @returns {string[]}
 */
function extrasProblems(where, extras) {
  if (extras === undefined) return [];
  if (!isRecord(extras)) return [`${where}.extras must be an object.`];
  const unknown = unknownKey(extras, extrasKeys);
  if (unknown) return [`${where}.extras holds ${unknown}: extras hold only ${extrasKeys.join(', ')}.`];
  /** @type {string[]} */
  const problems = [];
  const { builtFrom } = extras;
  if (builtFrom !== undefined) {
    const field = `${where}.extras.builtFrom`;
    const unknownField = isRecord(builtFrom) ? unknownKey(builtFrom, builtFromKeys) : undefined;
    if (!isRecord(builtFrom) || unknownField)
      problems.push(`${field} must be { commit, dirty, builtAt }${unknownField ? `, not hold ${unknownField}` : ''}.`);
    else {
      if (
        builtFrom.commit !== undefined &&
        !(typeof builtFrom.commit === 'string' && commitPattern.test(builtFrom.commit))
      )
        problems.push(`${field}.commit must be a git commit (7 to 40 hex digits), or left out.`);
      if (typeof builtFrom.dirty !== 'boolean') problems.push(`${field}.dirty must be true or false.`);
      if (!isTime(builtFrom.builtAt)) problems.push(`${field}.builtAt must be a time (2026-01-01T00:00:00.000Z).`);
    }
  }
  for (const key of timeLists) {
    const times = extras[key];
    if (times !== undefined && !(Array.isArray(times) && times.every(isTime)))
      problems.push(`${where}.extras.${key} must be a list of times (2026-01-01T00:00:00.000Z).`);
  }
  return problems;
}

/**
 * What is wrong with one slice's list of versions (nothing: `[]`): each entry an http(s) `url`, a
 * version name listed once, an integrity string (both as `isPlainText` bounds them), extras as
 * `extrasProblems` checks them, a traffic share from 0 to 100 and a `default` flag; at most one
 * released (default) version, and the shares adding up to 100 when one is released (0 when none
 * is).
 * @param {string} slice
 * @param {unknown} versions
 * @returns {string[]}
 */
function sliceListProblems(slice, versions) {
  if (!Array.isArray(versions)) return [`${slice}: its versions must be a list.`];
  /** @type {string[]} */
  const problems = [];
  const seen = new Set();
  let released = 0;
  let traffic = 0;
  versions.forEach((entry, index) => {
    const where = `${slice}[${index}]`;
    if (!isRecord(entry)) return void problems.push(`${where} must be an object.`);
    const { url, metadata, deployment, extras } = entry;
    if (!isHttpUrl(url)) problems.push(`${where}.url must be an http(s) URL.`);
    else if (!isPlainText(url, maxUrlLength))
      problems.push(`${where}.url must be at most ${maxUrlLength} printable ASCII characters, without spaces.`);
    const version = isRecord(metadata) ? metadata.version : undefined;
    if (!isVersionName(version))
      problems.push(`${where}.metadata.version must be a version name (${versionNameRule}).`);
    else if (seen.has(version)) problems.push(`${where}: ${slice} lists ${version} twice.`);
    else seen.add(version);
    if (!isRecord(metadata) || typeof metadata.integrity !== 'string')
      problems.push(`${where}.metadata.integrity must be a string.`);
    else if (!isPlainText(metadata.integrity, maxIntegrityLength))
      problems.push(
        `${where}.metadata.integrity must be at most ${maxIntegrityLength} printable ASCII characters, without spaces.`,
      );
    if (isRecord(metadata) && metadata.pages !== undefined)
      problems.push(...pagesProblems(`${where}.metadata.pages`, metadata.pages));
    problems.push(...extrasProblems(where, extras));
    if (!isRecord(deployment)) return void problems.push(`${where}.deployment must be an object.`);
    const share = deployment.traffic;
    if (typeof share !== 'number' || !Number.isInteger(share) || share < 0 || share > 100)
      problems.push(`${where}.deployment.traffic must be a whole number from 0 to 100.`);
    else traffic += share;
    if (typeof deployment.default !== 'boolean') problems.push(`${where}.deployment.default must be true or false.`);
    else if (deployment.default) released += 1;
  });
  if (released > 1) problems.push(`${slice} has ${released} released (default) versions; at most one.`);
  if (problems.length === 0 && traffic !== (released === 1 ? 100 : 0))
    problems.push(`${slice}: the traffic of its versions adds up to ${traffic}, not ${released === 1 ? 100 : 0}.`);
  return problems;
}

/**
 * What is wrong with a value that should be a remote map, as whoever writes one must be told
 * (nothing: `[]`): nested at most `maxRemoteMapDepth` levels, the frontend-discovery shape, slices
 * under plain names, each slice's list as `sliceListProblems` checks it.
 * @param {unknown} value
 * @returns {string[]}
 */
export function remoteMapProblems(value) {
  if (nestsDeeperThan(value, maxRemoteMapDepth))
    return [`A remote map nests objects and lists at most ${maxRemoteMapDepth} levels deep.`];
  if (!isRecord(value)) return ['A remote map is a JSON object.'];
  if (typeof value.schema !== 'string') return ['A remote map names its schema ("schema": a string).'];
  const { microFrontends, environment } = value;
  if (!isRecord(microFrontends)) return ['A remote map lists its slices in a "microFrontends" object.'];
  return [
    ...(environment === undefined ? [] : environmentProblems(environment)),
    ...Object.entries(microFrontends).flatMap(([slice, versions]) =>
      sliceNamePattern.test(slice)
        ? sliceListProblems(slice, versions)
        : [`"${slice.slice(0, 40)}" is not a slice name (${sliceNamePattern.source}).`],
    ),
  ];
}
