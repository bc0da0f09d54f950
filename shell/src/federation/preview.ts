import { sliceNames } from '@nova/contracts/slices';
import type { RemoteName } from '@nova/contracts/remote-modules';

// Previews: a team loads a version of its slice that is published but not released, in the real
// site, in its own tab only. `?preview=legal@1.2.0-3fa9c21b` (several: comma-separated) asks for
// one; the tab remembers it until `?preview=off` or End preview. Only versions the environment's
// remote map lists can be previewed, so a link cannot load script from anywhere else.

/** Where the tab keeps what it previews: its key in session storage. */
export const previewStorageKey = 'nova-reels-preview';
const versionPattern = /^[\w.+-]{1,64}$/;

type Previews = Partial<Record<RemoteName, string>>;

function parsePreviews(value: string): Previews {
  const previews: Previews = {};
  for (const item of value.split(',')) {
    const [name, version] = item.split('@');
    if (sliceNames.includes(name as RemoteName) && version && versionPattern.test(version))
      previews[name as RemoteName] = version;
  }
  return previews;
}

/** Runs `action` on the tab's storage; nothing where the browser refuses or fills it up. */
function withTabStorage<T>(action: (storage: Storage) => T): T | undefined {
  try {
    return action(window.sessionStorage);
  } catch {
    return undefined;
  }
}

let current: Previews = {};

/**
 * At start-up: takes a preview asked for in the address (and removes it from there), or the one
 * the tab remembers. Returns whether this tab previews any version.
 */
export function startPreview({ location, history } = window) {
  const url = new URL(location.href);
  const asked = url.searchParams.get('preview');
  if (asked === 'off') withTabStorage((storage) => storage.removeItem(previewStorageKey));
  else if (asked) withTabStorage((storage) => storage.setItem(previewStorageKey, asked));
  const wanted = asked ?? withTabStorage((storage) => storage.getItem(previewStorageKey)) ?? '';
  current = wanted === 'off' ? {} : parsePreviews(wanted);
  if (asked !== null) {
    url.searchParams.delete('preview');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  return Object.keys(current).length > 0;
}

/** The versions this tab asks to preview, by slice. */
export const previewedVersions = (): Previews => current;

/** Ends every preview of this tab and loads the page again with the released versions. */
export function endPreview({ location }: { location: Pick<Location, 'reload'> } = window) {
  withTabStorage((storage) => storage.removeItem(previewStorageKey));
  location.reload();
}
