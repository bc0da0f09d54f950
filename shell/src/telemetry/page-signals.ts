import { registeredVersion } from '../federation/runtime.ts';
import { createFieldSignals } from './field-signals.ts';
import { sendSignals } from './send.ts';
import { createTokenKeeper } from './tokens.ts';

/** This page's field signals; web-vitals is loaded once the page is live, in a chunk of its own. */
export const pageSignals = createFieldSignals({
  versionOf: registeredVersion,
  send: sendSignals,
  tokens: createTokenKeeper(),
  watchVitals: async (report) => (await import('./vitals.ts')).watchVitals(report),
});
