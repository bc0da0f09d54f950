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
 * A send while one is in flight is ignored, and unmounting cancels whatever timer is pending.
 */
export function useSimulatedSend(onSent: () => void) {
  const [status, setStatus] = useState<SendStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef(false);
  const latestOnSent = useRef(onSent);

  useEffect(() => {
    latestOnSent.current = onSent;
  }, [onSent]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current = false;
    },
    [],
  );

  const send = useCallback(() => {
    if (inFlight.current) return;
    inFlight.current = true;
    // A send during the success message replaces its pending return to idle.
    clearTimeout(timer.current);
    setStatus('submitting');
    timer.current = setTimeout(() => {
      inFlight.current = false;
      latestOnSent.current();
      setStatus('success');
      timer.current = setTimeout(() => setStatus('idle'), successShownMs);
    }, sendDelayMs);
  }, []);

  return { status, send };
}
