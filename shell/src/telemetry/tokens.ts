import { fieldSignalTokenPath } from '@nova/contracts/field-signals';

// The tokens field-signal batches carry: the composer counts a batch only with a token it
// issued to this client, for the versions it sees, used once. A composed page is the same for
// every visitor, so no token is in its HTML: once live, the page asks for one, keeps it as a
// spare, spends it on the next batch and asks for the next in the background, so a batch sent as
// the page goes (pagehide) never waits for a request.

/** A token as the server gives it: the token, and how many seconds it is good for. */
export interface IssuedToken {
  token: string;
  expiresIn: number;
}

/** A spare is replaced this long before it expires, so the one at hand is always good. */
export const renewBeforeMs = 60_000;
const tokenPattern = /^[\w-]{1,2048}\.[\w-]{43}$/;

/** Asks the server for a token; none if it does not give one (busy, rate-limited, offline). */
export async function fetchToken(): Promise<IssuedToken | undefined> {
  const response = await fetch(fieldSignalTokenPath, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) return undefined;
  const { token, expiresIn } = (await response.json()) as Partial<IssuedToken>;
  const usable = typeof token === 'string' && tokenPattern.test(token) && typeof expiresIn === 'number';
  return usable && expiresIn > 0 && expiresIn <= 86_400 ? { token, expiresIn } : undefined;
}

/**
 * One spare token at a time: `take` hands it over (none if there is none yet) and asks for the
 * next (not as the page goes: nobody would use it); `start` asks for the first, and calls
 * `onToken` whenever one arrives.
 */
export function createTokenKeeper(ask: () => Promise<IssuedToken | undefined> = fetchToken) {
  let spare: string | undefined;
  let asking = false;
  let renewal: ReturnType<typeof setTimeout> | undefined;
  let onToken = () => {};
  const askForNext = () => {
    if (asking) return;
    asking = true;
    ask().then(
      (issued) => {
        asking = false;
        if (!issued) return;
        spare = issued.token;
        clearTimeout(renewal);
        renewal = setTimeout(
          () => {
            spare = undefined;
            askForNext();
          },
          Math.max(0, issued.expiresIn * 1000 - renewBeforeMs),
        );
        onToken();
      },
      () => {
        asking = false;
      },
    );
  };
  return {
    start(listener: () => void) {
      onToken = listener;
      askForNext();
    },
    /** The spare, if there is one; then the next is asked for, unless the page is going (`last`). */
    take({ last = false } = {}): string | undefined {
      const token = spare;
      spare = undefined;
      clearTimeout(renewal);
      if (!last) askForNext();
      return token;
    },
  };
}
export type TokenKeeper = ReturnType<typeof createTokenKeeper>;
