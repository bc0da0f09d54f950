import { fieldSignalsPath } from '@nova/contracts/field-signals';
import type { FieldSignal } from './signal-queue.ts';

/** Sends a batch and its token as the page goes (a beacon outlives it), or with a fetch that does too. */
export function sendSignals(signals: FieldSignal[], token: string): void {
  const body = JSON.stringify({ token, signals });
  const queued = navigator.sendBeacon?.(fieldSignalsPath, new Blob([body], { type: 'application/json' }));
  if (!queued)
    void fetch(fieldSignalsPath, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body,
    }).catch(() => undefined);
}
