import { sliceNames } from '@nova/contracts/slices';
import type { RemoteName } from '@nova/contracts/remote-modules';
import { takeBootRemoteMap } from './boot.ts';

/** The environment's remote map (/remotes.json): where each remote's entry (its manifest) is. */
export interface RemoteMap {
  /** Each usable remote's entry URL. */
  entries: Partial<Record<RemoteName, string>>;
  /** Why a remote cannot be used: missing or invalid. Only that remote's pages fail. */
  problems: Partial<Record<RemoteName, string>>;
}

/** How long one attempt at reading the map may take, and the pauses before each further attempt. */
export const remoteMapReading = { attemptTimeoutMs: 3000, retryDelaysMs: [500, 1000] } as const;

/** A map lists a few URLs; anything far larger is not one. */
const maxRemoteMapBytes = 64 * 1024;

/** The remote map could not be read at all: no page can load. */
export class RemoteMapError extends Error {
  override name = 'RemoteMapError';
}

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * Checks the parsed content of /remotes.json, each remote on its own. Throws, with a message
 * that says what is wrong, only when the map as a whole is unusable.
 */
export function parseRemoteMap(json: unknown): RemoteMap {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RemoteMapError('remotes.json must be an object mapping each remote to its entry URL.');
  }
  const listed = json as Record<string, unknown>;
  const map: RemoteMap = { entries: {}, problems: {} };
  for (const name of sliceNames) {
    const entry = Object.hasOwn(listed, name) ? listed[name] : undefined;
    if (isHttpUrl(entry)) map.entries[name] = entry;
    else map.problems[name] = `remotes.json has no valid http(s) entry URL for "${name}".`;
  }
  return map;
}

async function readRemoteMap(response: Response): Promise<RemoteMap> {
  if (!response.ok) {
    throw new RemoteMapError(`Could not load /remotes.json (${response.status} ${response.statusText}).`);
  }
  const text = await response.text();
  if (text.length > maxRemoteMapBytes) throw new RemoteMapError('remotes.json is too large to be a remote map.');
  try {
    return parseRemoteMap(JSON.parse(text));
  } catch (error) {
    throw error instanceof RemoteMapError ? error : new RemoteMapError('remotes.json is not valid JSON.');
  }
}

/**
 * One attempt: the document's own fetch the first time if it made one, a new fetch otherwise.
 * A new one bypasses the HTTP cache, which would make it wait behind an earlier request for the
 * same URL that hangs (the server marks the map no-cache anyway).
 */
function attempt(): Promise<RemoteMap> {
  const { attemptTimeoutMs } = remoteMapReading;
  const controller = new AbortController();
  const response = takeBootRemoteMap() ?? fetch('/remotes.json', { cache: 'no-store', signal: controller.signal });
  const notAnswered = new RemoteMapError(`/remotes.json did not answer within ${attemptTimeoutMs / 1000} s.`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(notAnswered);
    }, attemptTimeoutMs);
  });
  const read = response.then(readRemoteMap, () => {
    throw new RemoteMapError('Could not load /remotes.json (no connection).');
  });
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads /remotes.json, trying again after a pause when an attempt fails or takes too long;
 * rejects with the last attempt's reason (a RemoteMapError) when every attempt failed.
 */
export async function fetchRemoteMap(): Promise<RemoteMap> {
  const delays = remoteMapReading.retryDelaysMs;
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delays[retry];
      if (delay === undefined) throw error;
      await pause(delay);
    }
  }
}
