import type { Boot } from '../../document/boot.js';

const boot = (globalThis as { novaBoot?: Boot }).novaBoot;

/** The document's fetch of the remote map, if its boot script made one; given out once. */
export function takeBootRemoteMap(): Promise<Response> | undefined {
  const response = boot?.remoteMap;
  if (boot) boot.remoteMap = undefined;
  return response;
}

/** The document's fetch of a remote's manifest, if its boot script made one; given out once. */
export function takeBootManifest(url: string): Promise<Response> | undefined {
  const response = boot?.manifests.get(url);
  boot?.manifests.delete(url);
  return response;
}
