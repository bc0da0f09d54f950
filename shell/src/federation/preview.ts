// Previews: a team loads a version of its slice that is published but not released, in the real
// site, in its own tab only. `slice preview legal 1.2.0-3fa9c21b` prints a link that carries a
// short-lived token, signed with the environment's key, for that version
// (`?preview=<token>`; several: comma-separated); the tab keeps it until `?preview=off` or End
// preview, and sends it with every read of /remotes.json. Only the composer can tell a
// valid token: it adds the version to the map it answers (if the map lists it, and never rolled it
// back), marked as the tab's preview; anything else it ignores, and the tab sees the released site.

/** Where the tab keeps what it previews: its key in session storage. */
export const previewStorageKey = 'nova-reels-preview';
/** A token as the CLI signs it: a payload and a signature, base64url, nothing that needs escaping. */
const tokenPattern = /^[\w-]{1,1024}\.[\w-]{43}$/;
/** The most tokens one link carries: one per slice, and there are a handful. */
const maxTokens = 8;

/** The tokens of a preview link, as far as they look like tokens; the server checks the rest. */
function parseTokens(value: string): string[] {
  return value
    .split(',', maxTokens)
    .map((token) => token.trim())
    .filter((token) => tokenPattern.test(token));
}

/** Runs `action` on the tab's storage; nothing where the browser refuses or fills it up. */
function withTabStorage<T>(action: (storage: Storage) => T): T | undefined {
  try {
    return action(window.sessionStorage);
  } catch {
    return undefined;
  }
}

let current: string[] = [];

/**
 * At start-up: takes a preview asked for in the address (and removes it from there), or the one
 * the tab remembers. Returns whether this tab asks to preview any version.
 */
export function startPreview({ location, history } = window) {
  const url = new URL(location.href);
  const asked = url.searchParams.get('preview');
  if (asked === 'off') withTabStorage((storage) => storage.removeItem(previewStorageKey));
  else if (asked) withTabStorage((storage) => storage.setItem(previewStorageKey, asked));
  const wanted = asked ?? withTabStorage((storage) => storage.getItem(previewStorageKey)) ?? '';
  current = wanted === 'off' ? [] : parseTokens(wanted);
  if (asked !== null) {
    url.searchParams.delete('preview');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  return current.length > 0;
}

/** The preview tokens this tab holds, for /remotes.json (none: it previews nothing). */
export const previewTokens = (): readonly string[] => current;

/** Ends every preview of this tab and loads the page again with the released versions. */
export function endPreview({ location }: { location: Pick<Location, 'reload'> } = window) {
  withTabStorage((storage) => storage.removeItem(previewStorageKey));
  location.reload();
}
