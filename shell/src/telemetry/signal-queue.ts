import type { failureKinds, vitalNames } from '@nova/contracts/field-signals';
import type { RemoteName } from '@nova/contracts/remote-modules';
import type { TokenKeeper } from './tokens.ts';

export type FailureKind = (typeof failureKinds)[number];
export type VitalName = (typeof vitalNames)[number];

/** One signal as sent: nothing of the visitor, only which slice version and what happened. */
export interface FieldSignal {
  slice: RemoteName;
  version: string;
  signal: 'view' | FailureKind | VitalName;
  /** A vital's value: seconds for LCP and INP, none for CLS. */
  value?: number;
}

/** Signals sent in one request (the server takes up to 32 in 4 KB), and the most kept waiting. */
export const batchSize = 16;
export const maxQueued = 100;
/** The largest value of each vital the server takes: a larger one is sent as this. */
const largestValue: Record<VitalName, number> = { LCP: 120, INP: 60, CLS: 50 };

interface Dependencies {
  /** The version of a slice this tab loads pages from. */
  versionOf: (slice: RemoteName) => Promise<string | undefined>;
  /** Sends one batch with its token. */
  send: (signals: FieldSignal[], token: string) => void;
  /** The tokens batches carry: one spare at a time. */
  tokens: Pick<TokenKeeper, 'start' | 'take'>;
  /** Starts measuring the Web Vitals, from code loaded only when asked. */
  watchVitals: (report: (name: VitalName, value: number) => void) => Promise<void>;
}

/**
 * The page's field signals: kept in memory until the page is live (hydrated), then sent in
 * batches, each with a token of its own, when one grows large and whenever the page is hidden.
 * With no token at hand they wait in memory, and full batches go when one arrives. Beyond
 * `maxQueued` waiting, new ones are dropped.
 */
export function createSignalQueue({ versionOf, send, tokens, watchVitals }: Dependencies) {
  const queued: FieldSignal[] = [];
  /** Errors already reported: an error is one failure, of the first kind reported. */
  const reported = new WeakSet<object>();
  let live = false;

  /**
   * Sends what waits, once live and while it has tokens: every full batch, and the rest too unless
   * `fullOnly`. As the page goes (`leaving`), no token is asked for after the last.
   */
  const flush = ({ fullOnly = false, leaving = false } = {}) => {
    if (!live) return;
    while (queued.length >= (fullOnly ? batchSize : 1)) {
      const token = tokens.take({ last: leaving });
      if (!token) return;
      send(queued.splice(0, batchSize), token);
    }
  };
  const add = (signal: FieldSignal) => {
    if (queued.length >= maxQueued) return;
    queued.push(signal);
    flush({ fullOnly: true });
  };
  const report = (slice: RemoteName, signal: FieldSignal['signal'], value?: number) => {
    void versionOf(slice).then(
      (version) => version && add({ slice, version, signal, ...(value === undefined ? {} : { value }) }),
      () => undefined,
    );
  };

  return {
    /** A page of `slice` was shown. */
    pageView: (slice: RemoteName) => report(slice, 'view'),
    /** A page of `slice` failed the visitor; an error seen before (of another kind) is not counted again. */
    failure: (slice: RemoteName, kind: FailureKind, error?: unknown) => {
      if (typeof error === 'object' && error !== null) {
        if (reported.has(error)) return;
        reported.add(error);
      }
      report(slice, kind);
    },
    /** Whether the page is live. */
    isLive: () => live,
    /**
     * The page is live: from now on batches are sent, and the Web Vitals of the page the document
     * loaded with are measured, attributed to its slice (`landingSlice`; none: not measured).
     */
    start: (landingSlice: RemoteName | undefined) => {
      if (live) return;
      live = true;
      tokens.start(() => flush({ fullOnly: true }));
      // On the window, after the document's own listeners (web-vitals reports as it is hidden).
      addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
      addEventListener('pagehide', () => flush({ leaving: true }));
      // What waited goes with the rest when the page is hidden, in one request, unless it fills a batch.
      flush({ fullOnly: true });
      if (landingSlice)
        void watchVitals((name, value) => report(landingSlice, name, Math.min(value, largestValue[name]))).catch(
          () => undefined,
        );
    },
  };
}
