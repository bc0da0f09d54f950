// @ts-check
// Plain JavaScript with no imports, so the e2e suite (Node) can read it as it is.

/** What every demo launch asks the provider for: English, desktop, demo play in euros. */
export const demoLaunchParameters = /** @type {const} */ ({
  lang: 'en',
  channel: 'desktop',
  mode: 'demo',
  currency: 'EUR',
  partner: 'nova-reels-demo',
  // Demo play needs no player session; the provider expects a token all the same.
  token: 'demo-session-placeholder',
});
