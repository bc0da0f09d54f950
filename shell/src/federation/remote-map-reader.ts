import {
  isHttpUrl,
  isRecord,
  loadableVersion,
  mapSlices,
  releasedProblem,
  releasedVersion,
} from '@nova/contracts/remote-map';
import { sliceNames } from '@nova/contracts/slices';
import type { RemoteName } from '@nova/contracts/remote-modules';
import type { DataBlock } from '../../document/data-block.js';
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

const emptyMap = (): RemoteMap => ({ entries: {}, problems: {}, previews: {}, versions: {}, integrities: {} });

/**
 * A development override's entry (`slice dev`): a team's dev server, whose files change as they
 * are edited, so it carries no integrity. Only the composer marks one, only for the
 * browser whose signed override it honours (its CSP allows that dev server for that answer alone).
 */
const overrideEntry = (listed: unknown) => loadableVersion(listed, { devServers: true });

/** Adds a remote's entry to the map, or, if it cannot be loaded, why (`listed`: what the map named). */
function add(map: RemoteMap, name: RemoteName, listed: unknown, checked: ReturnType<typeof loadableVersion>) {
  if ('refused' in checked) {
    map.problems[name] = releasedProblem(name, listed, checked.refused);
    return;
  }
  const { url, version, integrity } = checked.loadable;
  map.entries[name] = url;
  map.versions[name] = version;
  map.integrities[name] = integrity;
}

/**
 * Checks the parsed content of /remotes.json (the frontend-discovery shape: per slice, its
 * versions, the released one marked default), each remote on its own: an entry is used only
 * with an http(s) URL, a version name and an integrity. A version the server marked as this tab's
 * preview (`extras.preview`: only the composer adds the mark, and only for a signed
 * preview link, so a map file on a static host previews nothing) is used instead of the released
 * one. A development override's entry (`extras.override`) is used only on the dev server the
 * composer named in this page's data block (`vouched`): a map that comes from anywhere
 * else loads nothing without integrity. Throws, with a message that says what is wrong, only when
 * the map as a whole is unusable (`mapSlices`, the composer's rule too).
 */
export function parseRemoteMap(json: unknown, vouched: RemoteMap['overrides'] = {}): RemoteMap {
  const listings = mapSlices(json);
  if ('unusable' in listings) throw new RemoteMapError(listings.unusable);
  const map = emptyMap();
  const served = { devServers: devServers() };
  for (const name of sliceNames) {
    const listed = listings.slices[name];
    const override = listed
      .filter(
        (candidate) =>
          isRecord(candidate.extras) &&
          candidate.extras.override === true &&
          isHttpUrl(candidate.url) &&
          new URL(candidate.url).origin === vouched[name],
      )
      .map(overrideEntry)
      .find((checked) => 'loadable' in checked);
    const preview = listed
      .filter((candidate) => isRecord(candidate.extras) && candidate.extras.preview === true)
      .map((candidate) => loadableVersion(candidate, served))
      .find((checked) => 'loadable' in checked);
    if (override && 'loadable' in override) {
      (map.overrides ??= {})[name] = new URL(override.loadable.url).origin;
      add(map, name, undefined, override);
    } else if (preview && 'loadable' in preview) {
      map.previews[name] = preview.loadable.version;
      add(map, name, undefined, preview);
    } else {
      const released = releasedVersion(listed);
      add(map, name, released, loadableVersion(released, served));
    }
  }
  return map;
}

/**
 * What the composer rendered the page with: the entry of the page's slice, its version and
 * integrity (checked like any). The rest of the map is read when a page of another slice needs it.
 */
export function remoteMapFromServer({
  remotes = {},
  versions = {},
  integrities = {},
  overrides = {},
}: Partial<Pick<DataBlock, 'remotes' | 'versions' | 'integrities' | 'overrides'>>): RemoteMap {
  const map = emptyMap();
  const own = (record: Partial<Record<string, string>>, name: string) =>
    Object.hasOwn(record, name) ? record[name] : undefined;
  for (const name of sliceNames) {
    // An override holds on every page of this browser (the notice says so), its slice's or not.
    const origin = own(overrides, name);
    if (typeof origin === 'string') (map.overrides ??= {})[name] = origin;
    const url = own(remotes, name);
    if (url === undefined) continue;
    const listed = { url, metadata: { version: own(versions, name), integrity: own(integrities, name) } };
    if (origin !== undefined && isHttpUrl(url) && new URL(url).origin === origin)
      add(map, name, listed, overrideEntry(listed));
    else add(map, name, listed, loadableVersion(listed, { devServers: devServers() }));
  }
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
