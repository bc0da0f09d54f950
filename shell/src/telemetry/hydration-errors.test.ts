import { afterEach, expect, it, vi } from 'vitest';
import { hydrationErrorReports } from './hydration-errors.ts';

const setUp = (live = false) => {
  const signals = { failure: vi.fn(), isLive: () => live };
  const reports = hydrationErrorReports(signals, () => 'games');
  vi.stubGlobal('reportError', vi.fn());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return { signals, reports };
};
const info = { componentStack: '' };
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it("reports a hydration failure of the page's slice when React recovered from an error", async () => {
  const { signals, reports } = setUp(true);
  const error = new Error('Hydration failed');
  reports.onRecoverableError!(error, info);
  await Promise.resolve();
  expect(signals.failure).toHaveBeenCalledWith('games', 'hydration', error);
  expect(reportError).toHaveBeenCalledWith(error);
});

it('reports an error thrown before the page is live, after a boundary had its say', async () => {
  const { signals, reports } = setUp(false);
  const error = new Error('thrown while hydrating');
  reports.onCaughtError!(error, { ...info, errorBoundary: undefined });
  expect(signals.failure).not.toHaveBeenCalled();
  await Promise.resolve();
  expect(signals.failure).toHaveBeenCalledWith('games', 'hydration', error);
  reports.onUncaughtError!(error, info);
  await Promise.resolve();
  expect(signals.failure).toHaveBeenCalledTimes(2);
});

it('leaves errors after the page is live to the slot (render, load)', async () => {
  const { signals, reports } = setUp(true);
  reports.onCaughtError!(new Error('later'), { ...info, errorBoundary: undefined });
  reports.onUncaughtError!(new Error('later'), info);
  await Promise.resolve();
  expect(signals.failure).not.toHaveBeenCalled();
});
