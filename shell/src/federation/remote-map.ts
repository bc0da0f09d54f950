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

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * Checks the parsed content of /remotes.json, each remote on its own. Throws, with a message
 * that says what is wrong, only when the map as a whole is unusable.
 */
export function parseRemoteMap(json: unknown): RemoteMap {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('remotes.json must be an object mapping each remote to its entry URL.');
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

/** Fetches and checks /remotes.json; the first time, the document has usually started the fetch. */
export async function fetchRemoteMap(): Promise<RemoteMap> {
  // The server marks it no-cache: every fetch revalidates it.
  const response = await (takeBootRemoteMap() ?? fetch('/remotes.json'));
  if (!response.ok) {
    throw new Error(`Could not load /remotes.json (${response.status} ${response.statusText}).`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error('remotes.json is not valid JSON.');
  }
  return parseRemoteMap(json);
}
