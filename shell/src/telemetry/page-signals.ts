import { registeredVersion } from '../federation/runtime.ts';
import { createSignalQueue } from './signal-queue.ts';
import { sendSignals } from './send.ts';
import { createTokenKeeper } from './tokens.ts';

/** This page's field signals; web-vitals is loaded once the page is live, in a chunk of its own. */
export const pageSignals = createSignalQueue({
  versionOf: registeredVersion,
  send: sendSignals,
  tokens: createTokenKeeper(),
  watchVitals: async (report) => (await import('./vitals.ts')).watchVitals(report),
});
