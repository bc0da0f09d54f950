import { fieldSignalsPath } from '@nova/contracts/field-signals';
import { afterEach, expect, it, vi } from 'vitest';
import { sendSignals } from './send.ts';

const batch = [{ slice: 'games', version: '1.2.0-bbbb', signal: 'view' }] as const;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('sends a beacon of JSON to the field-signals path', async () => {
  const sendBeacon = vi.fn<(url: string, body: Blob) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  sendSignals([...batch], 'the-token');
  const [url, body] = sendBeacon.mock.calls[0]!;
  expect(url).toBe(fieldSignalsPath);
  expect(body.type).toBe('application/json');
  expect(JSON.parse(await body.text())).toEqual({ token: 'the-token', signals: batch });
  expect(fetch).not.toHaveBeenCalled();
});

it('falls back to a fetch that outlives the page when the beacon is not taken', () => {
  Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetch);
  sendSignals([...batch], 'the-token');
  expect(fetch).toHaveBeenCalledWith(fieldSignalsPath, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: 'the-token', signals: batch }),
  });
});
