import type { RemoteName } from '@nova/contracts/remote-modules';

/** Where each remote's entry lives in this environment: the content of /remotes.json. */
export type RemotesConfig = Record<RemoteName, string>;

const remoteNames: readonly RemoteName[] = ['marketing', 'games', 'legal', 'contact'];

/** Checks the parsed content of /remotes.json; throws a message that says what is wrong. */
export function parseRemotesConfig(json: unknown): RemotesConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('remotes.json must be an object mapping each remote to its entry URL.');
  }
  const entries = json as Record<string, unknown>;
  const config = {} as RemotesConfig;
  for (const name of remoteNames) {
    const entry = entries[name];
    if (typeof entry !== 'string' || !URL.canParse(entry) || !/^https?:$/.test(new URL(entry).protocol)) {
      throw new Error(`remotes.json has no valid http(s) entry URL for "${name}".`);
    }
    config[name] = entry;
  }
  return config;
}

/** Fetches this environment's /remotes.json, never from a cache. */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load /remotes.json (${response.status} ${response.statusText}).`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error('remotes.json is not valid JSON.');
  }
  return parseRemotesConfig(json);
}
