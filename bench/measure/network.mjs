// @ts-check
// When a page's network is quiet: no request in flight for a while, counted from when it is asked.

/**
 * The page's requests in flight, watched from before its first one. `quiet()` resolves once none
 * has been in flight for `quietMs`, counted from the call: Playwright's 'networkidle' is an event a
 * page reaches once, so it does not wait for a request a late render starts (a lazy chunk asked
 * for after hydration, which a busy machine may finish after the network first went quiet).
 * @param {import('@playwright/test').Page} page
 */
export function watchNetwork(page) {
  /** @type {Set<import('@playwright/test').Request>} */
  const inFlight = new Set();
  /** @type {(() => void) | undefined} */
  let changed;
  const ended = (/** @type {import('@playwright/test').Request} */ request) => {
    inFlight.delete(request);
    changed?.();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    changed?.();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: async (quietMs = 500, timeoutMs = 60_000) => {
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      /** @type {NodeJS.Timeout | undefined} */
      let deadline;
      try {
        await new Promise((resolve, reject) => {
          changed = () => {
            clearTimeout(timer);
            if (inFlight.size === 0) timer = setTimeout(resolve, quietMs);
          };
          changed();
          const still = () => [...inFlight].map((request) => request.url()).join(', ');
          deadline = setTimeout(
            () => reject(new Error(`The page's network was not quiet in ${timeoutMs} ms: ${still()}`)),
            timeoutMs,
          );
        });
      } finally {
        changed = undefined;
        clearTimeout(timer);
        clearTimeout(deadline);
      }
    },
  };
}
