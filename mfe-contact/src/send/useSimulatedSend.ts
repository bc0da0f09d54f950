import { useCallback, useEffect, useRef, useState } from 'react';

/** Where a send stands. Nothing enters `error`: the send is simulated and cannot fail. */
export type SendStatus = 'idle' | 'submitting' | 'success' | 'error';

/** How long the simulated send takes (product spec: 1500 ms). */
export const sendDelayMs = 1500;
/** How long the success message stays before the form is idle again (product spec: 5000 ms). */
export const successShownMs = 5000;

/**
 * The contact form's send, simulated with timers: nothing leaves the browser.
 * `send()` moves idle → submitting; 1.5 s later → success (after `onSent` runs); 5 s later → idle.
 * A send while one is in flight is ignored. Each status runs its own timer, from an effect: React
 * ends it on unmount, and a component whose effects are disconnected and connected again (a
 * hidden then shown subtree) starts it afresh rather than being left submitting.
 */
export function useSimulatedSend(onSent: () => void) {
  const [status, setStatus] = useState<SendStatus>('idle');
  const latestOnSent = useRef(onSent);

  useEffect(() => {
    latestOnSent.current = onSent;
  }, [onSent]);

  useEffect(() => {
    if (status === 'submitting') {
      const sent = setTimeout(() => {
        latestOnSent.current();
        setStatus('success');
      }, sendDelayMs);
      return () => clearTimeout(sent);
    }
    if (status === 'success') {
      const done = setTimeout(() => setStatus('idle'), successShownMs);
      return () => clearTimeout(done);
    }
    return undefined;
  }, [status]);

  // A send during the success message replaces its pending return to idle.
  const send = useCallback(() => setStatus('submitting'), []);

  return { status, send };
}
