import type { Boot } from '../../document/boot.js';

const boot = (globalThis as { novaBoot?: Boot }).novaBoot;

/** What the boot script left under `key`, given out once. */
function take<Key extends 'serverRender' | 'remoteMap'>(key: Key): Boot[Key] | undefined {
  const value = boot?.[key];
  if (boot) boot[key] = undefined;
  return value;
}

/** The server's data block as the boot script parsed it, if the document has one; given out once. */
export const takeBootServerRender = () => take('serverRender');

/** The document's fetch of the remote map, if its boot script made one; given out once. */
export const takeBootRemoteMap = () => take('remoteMap');

/** The document's fetch of a remote's manifest, if its boot script made one; given out once. */
export function takeBootManifest(url: string): Promise<Response> | undefined {
  const response = boot?.manifests.get(url);
  boot?.manifests.delete(url);
  return response;
}
