import { sliceNamePattern } from '@nova/contracts/environment';
import { listedPages } from '@nova/contracts/page-conflicts';
import {
  isHttpUrl,
  isRecord,
  loadableVersion,
  mapSlices,
  releasedProblem,
  releasedVersion,
} from '@nova/contracts/remote-map';
import type { RemoteModuleId, RemoteName } from '@nova/contracts/remote-modules';
import type { DataBlock } from '../../document/data-block.js';
import type { PageRoute } from '../routes.tsx';
import { splitPage } from '@nova/contracts/routes';
import { takeBootRemoteMap } from './boot-handover.ts';
import { RemoteMapError } from './remote-map-error.ts';
import { previewTokens } from './preview.ts';

/** The environment's remote map (/remotes.json), as the shell uses it. */
export interface RemoteMap {
  /** Each usable remote's entry URL (its manifest): the released version, or the one previewed. */
  entries: Partial<Record<RemoteName, string>>;
  /** Why a remote cannot be used: missing or invalid. Only that remote's pages fail. */
  problems: Partial<Record<RemoteName, string>>;
  /** The versions this tab previews instead of the released ones (as the server granted them). */
  previews: Partial<Record<RemoteName, string>>;
  /** The version of each entry, as the map names it: what field signals are attributed to. */
  versions: Partial<Record<RemoteName, string>>;
  /** The integrity of each entry (its manifest's), which the runtime fetches it with. */
  integrities: Partial<Record<RemoteName, string>>;
  /** The pages of the versions this tab loads: the router's table. */
  pages: PageRoute[];
  /** Each slice's origins, in the order they are tried: a load that fails on one goes to the next. */
  origins: Partial<Record<RemoteName, string[]>>;
  /**
   * The remotes this browser sees from a team's dev server (`slice dev`), and its origin, as the
   * composer vouched for them: their entries carry no integrity.
   */
  overrides?: Partial<Record<RemoteName, string>>;
}

/** How long one attempt at reading the map may take, and the pauses before each further attempt. */
export const remoteMapReading = { attemptTimeoutMs: 3000, retryDelaysMs: [500, 1000] } as const;

/** A map lists a few URLs per slice; anything far larger is not one. */
const maxRemoteMapBytes = 256 * 1024;

/**
 * Vite's dev server (`pnpm dev`) serves slices whose files change as they are edited: their
 * entries carry no integrity. Every build of the shell checks it (Vite writes `false` in).
 */
export const devServers = () => import.meta.env.DEV;

/** A map with no remote: what a reader starts from. */
export const emptyMap = (): RemoteMap => ({
  entries: {},
  problems: {},
  previews: {},
  versions: {},
  integrities: {},
  pages: [],
  origins: {},
});

/**
 * A development override's entry (`slice dev`): a team's dev server, whose files change as they
 * are edited, so it carries no integrity. Only the composer marks one, only for the
 * browser whose signed override it honours (its CSP allows that dev server for that answer alone).
 */
const overrideEntry = (listed: unknown) => loadableVersion(listed, { devServers: true });

/** The pages an entry of `name` serves (`listedPages`, the composer's rule), as routes; none if they cannot be read. */
function pagesOf(name: RemoteName, listed: unknown): PageRoute[] {
  const read = listedPages(name, listed);
  if ('refused' in read) return [];
  return read.pages.map(({ path, module, title }) => ({ path, module: `${name}/${module}` as RemoteModuleId, title }));
}

/**
 * Adds a remote's entry to the map, or, if it cannot be loaded, why (`listed`: what the map named),
 * with the pages it declares either way: where a page of a slice that cannot load is, its visitor
 * is told so.
 */
function add(map: RemoteMap, name: RemoteName, listed: unknown, checked: ReturnType<typeof loadableVersion>) {
  if ('refused' in checked) {
    map.problems[name] = releasedProblem(name, listed, checked.refused);
    map.pages.push(...pagesOf(name, listed));
    return;
  }
  const { url, version, integrity } = checked.loadable;
  map.entries[name] = url;
  map.versions[name] = version;
  map.integrities[name] = integrity;
  map.pages.push(...pagesOf(name, listed));
}

/**
 * Checks the parsed content of /remotes.json (the frontend-discovery shape: per slice of its
 * environment, its versions, the released one marked default), each remote on its own: an entry is
 * used only with an http(s) URL, a version name and an integrity, and its pages routed to. A version
 * the server marked as this tab's preview (`extras.preview`: only the composer adds the mark, and
 * only for a signed preview link, so a map file on a static host previews nothing) is used instead
 * of the released one. A development override's entry (`extras.override`) is used only on the dev
 * server the composer named in this page's data block (`vouched`): a map that comes from anywhere
 * else loads nothing without integrity. Throws, with a message that says what is wrong, only when
 * the map as a whole is unusable (`mapSlices`, the composer's rule too).
 */
export function parseRemoteMap(json: unknown, vouched: RemoteMap['overrides'] = {}): RemoteMap {
  const listings = mapSlices(json);
  if ('unusable' in listings) throw new RemoteMapError(listings.unusable);
  const map = emptyMap();
  const served = { devServers: devServers() };
  for (const [name, listed] of Object.entries(listings.slices) as [RemoteName, Record<string, unknown>[]][]) {
    map.origins[name] = listings.environment.slices[name]?.origins;
    const override = listed
      .filter(
        (candidate) =>
          isRecord(candidate.extras) &&
          candidate.extras.override === true &&
          isHttpUrl(candidate.url) &&
          new URL(candidate.url).origin === vouched[name],
      )
      .find((candidate) => 'loadable' in overrideEntry(candidate));
    const preview = listed
      .filter((candidate) => isRecord(candidate.extras) && candidate.extras.preview === true)
      .find((candidate) => 'loadable' in loadableVersion(candidate, served));
    if (override) {
      (map.overrides ??= {})[name] = new URL(override.url as string).origin;
      add(map, name, override, overrideEntry(override));
    } else if (preview) {
      map.previews[name] = (preview.metadata as { version: string }).version;
      add(map, name, preview, loadableVersion(preview, served));
    } else {
      const released = releasedVersion(listed);
      const checked = loadableVersion(released, served);
      // A slice the composer has no version of: why, and its released version's pages.
      const unserved = isRecord(json) && isRecord(json.unserved) ? json.unserved[name] : undefined;
      if ('refused' in checked && isRecord(unserved) && typeof unserved.problem === 'string') {
        map.problems[name] = unserved.problem;
        map.pages.push(...pagesOf(name, { metadata: { pages: unserved.pages } }));
      } else add(map, name, released, checked);
    }
  }
  return map;
}

/**
 * What the composer rendered the page with: the entry of the page's slice, its version and
 * integrity (checked like any), its origins, and the page's route. The rest of the map is read when
 * a page of another slice needs it.
 */
export function remoteMapFromServer({
  page,
  route,
  remotes = {},
  versions = {},
  integrities = {},
  origins = {},
  overrides = {},
}: Partial<DataBlock>): RemoteMap {
  const map = emptyMap();
  const own = <T>(record: Partial<Record<string, T>>, name: string) =>
    Object.hasOwn(record, name) ? record[name] : undefined;
  const names = new Set(
    [...Object.keys(remotes), ...Object.keys(overrides)].filter((name) => sliceNamePattern.test(name)),
  ) as Set<RemoteName>;
  for (const name of names) {
    // An override holds on every page of this browser (the notice says so), its slice's or not.
    const origin = own(overrides, name);
    if (typeof origin === 'string') (map.overrides ??= {})[name] = origin;
    const listedOrigins = own(origins, name);
    if (Array.isArray(listedOrigins)) map.origins[name] = listedOrigins;
    const url = own(remotes, name);
    if (url === undefined) continue;
    const listed = { url, metadata: { version: own(versions, name), integrity: own(integrities, name), pages: [] } };
    if (origin !== undefined && isHttpUrl(url) && new URL(url).origin === origin)
      add(map, name, listed, overrideEntry(listed));
    else add(map, name, listed, loadableVersion(listed, { devServers: devServers() }));
  }
  // The page the server composed, routed to even where its slice has no entry here: its slot then
  // reads the map, which says why it cannot load.
  if (page && route && sliceNamePattern.test(splitPage(page).remote)) map.pages.push({ ...route, module: page });
  return map;
}

async function readRemoteMap(response: Response, vouched: RemoteMap['overrides']): Promise<RemoteMap> {
  if (!response.ok) {
    throw new RemoteMapError(`Could not load /remotes.json (${response.status} ${response.statusText}).`);
  }
  const text = await response.text();
  if (text.length > maxRemoteMapBytes) throw new RemoteMapError('remotes.json is too large to be a remote map.');
  try {
    return parseRemoteMap(JSON.parse(text), vouched);
  } catch (error) {
    throw error instanceof RemoteMapError ? error : new RemoteMapError('remotes.json is not valid JSON.');
  }
}

/**
 * The map's address: with this tab's preview tokens, whose versions the composer adds to
 * the released ones if they are valid (a static host ignores the query and sends the whole map).
 */
function remoteMapUrl(): string {
  const tokens = previewTokens();
  return tokens.length > 0 ? `/remotes.json?${new URLSearchParams({ preview: tokens.join(',') })}` : '/remotes.json';
}

/**
 * One attempt: the document's own fetch the first time if it made one, a new fetch otherwise.
 * A new one bypasses the HTTP cache, which would make it wait behind an earlier request for the
 * same URL that hangs (the server marks the map no-cache anyway).
 */
function attempt(vouched: RemoteMap['overrides']): Promise<RemoteMap> {
  const { attemptTimeoutMs } = remoteMapReading;
  const controller = new AbortController();
  const response = takeBootRemoteMap() ?? fetch(remoteMapUrl(), { cache: 'no-store', signal: controller.signal });
  const notAnswered = new RemoteMapError(`/remotes.json did not answer within ${attemptTimeoutMs / 1000} s.`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(notAnswered);
    }, attemptTimeoutMs);
  });
  const read = response.then(
    (answer) => readRemoteMap(answer, vouched),
    () => {
      throw new RemoteMapError('Could not load /remotes.json (no connection).');
    },
  );
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads /remotes.json, trying again after a pause when an attempt fails or takes too long;
 * rejects with the last attempt's reason (a RemoteMapError) when every attempt failed.
 * `vouched`: the overrides the composer named in this page's data block.
 */
export async function fetchRemoteMap(vouched: RemoteMap['overrides'] = {}): Promise<RemoteMap> {
  const delays = remoteMapReading.retryDelaysMs;
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt(vouched);
    } catch (error) {
      const delay = delays[retry];
      if (delay === undefined) throw error;
      await pause(delay);
    }
  }
}
