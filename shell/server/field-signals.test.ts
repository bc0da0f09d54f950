// @vitest-environment node
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { fieldSignalsPath, metricNames, metricsPath } from '@nova/contracts/field-signals';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import { getMetricsFromStream, type PromMetrics } from 'prom2javascript';
import { batchLimits, clientOf, createFieldSignals } from './field-signals.mjs';
import { fieldMetrics, rejectReasons } from './metrics.mjs';
import type { RemoteMapSource } from './remote-map-source.mjs';
import { remoteMapView } from './remote-map-view.mjs';
import { createShellHandler, type PlainResponse } from './shell-handler.mjs';
import { shellDocument } from './shell-document.mjs';

const sliceOrigins = ['http://localhost:4174', 'http://localhost:4175'];
const listing = (origin: string, version: string, released: boolean) =>
  sliceVersion({ url: `${origin}/${version}/mf-manifest.json`, version, released });
const mapJson = {
  schema: remoteMapSchema,
  microFrontends: {
    marketing: [listing('http://localhost:4174', '1.0.0-aaaa', true)],
    games: [
      listing('http://localhost:4175', '1.2.0-bbbb', true),
      listing('http://localhost:4175', '1.3.0-cccc', false),
    ],
  },
};
const view = remoteMapView(mapJson, { sliceOrigins });
if (!('view' in view)) throw new Error('the test map is unusable');
const usableMap: RemoteMapSource = {
  current: () => ({ revision: 'r1', view: view.view }),
  ready: Promise.resolve(),
  close: () => undefined,
};

/** A fresh server side of field signals, its own metrics, and a clock the test moves. */
function setUp({ remoteMap = usableMap, rate = { burst: 1000, perSecond: 1000 } } = {}) {
  const clock = { now: 0 };
  const metrics = fieldMetrics();
  const signals = createFieldSignals({ remoteMap, metrics, rate, now: () => clock.now });
  return { clock, metrics, signals };
}

const post = (body: unknown, { type = 'application/json', client = '203.0.113.7' } = {}) =>
  Object.assign(
    new Request(`http://shell.test${fieldSignalsPath}`, {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { client },
  );
const batch = (...signals: unknown[]) => ({ signals });
const view_ = (slice = 'games', version = '1.2.0-bbbb') => ({ slice, version, signal: 'view' });

/** The metrics as Prometheus reads them (the text, parsed), and the text. */
async function scrape(signals: ReturnType<typeof setUp>['signals']) {
  const answer = (await signals.respond(new Request(`http://shell.test${metricsPath}`), metricsPath)) as PlainResponse;
  const text = String(answer.body);
  const parsed: PromMetrics = await getMetricsFromStream(Readable.from([text]));
  return { answer, text, parsed };
}
const counterValue = (metrics: PromMetrics, name: string, labels: Record<string, string>) =>
  (metrics[name]?.data as { labels: Record<string, string>; value: number }[] | undefined)?.find((point) =>
    Object.entries(labels).every(([key, value]) => point.labels[key] === value),
  )?.value;

/** Every line of the exposition format: a comment (HELP or TYPE) or a sample of a known metric. */
const sampleLine =
  /^(?:# (?:HELP|TYPE) nova_[a-z_]+ .+|nova_[a-z_]+(?:_bucket|_sum|_count)?(?:\{(?:[a-z_]+="[^"\\\n]*",?)*\})? -?[\d.e+-]+|)$/;

describe('POST /field-signals', () => {
  it('counts a good batch by slice and version (and kind), and answers 204', async () => {
    const { signals } = setUp();
    const answer = await signals.respond(
      post(
        batch(
          view_(),
          view_(),
          view_('marketing', '1.0.0-aaaa'),
          { slice: 'games', version: '1.3.0-cccc', signal: 'render' },
          { slice: 'games', version: '1.2.0-bbbb', signal: 'LCP', value: 1.8 },
          { slice: 'games', version: '1.2.0-bbbb', signal: 'INP', value: 0.12 },
          { slice: 'games', version: '1.2.0-bbbb', signal: 'CLS', value: 0.02 },
        ),
      ),
      fieldSignalsPath,
    );
    expect(answer).toEqual({ status: 204, headers: ['Cache-Control', 'no-store'] });
    const { parsed } = await scrape(signals);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'games', version: '1.2.0-bbbb' })).toBe(2);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'marketing', version: '1.0.0-aaaa' })).toBe(1);
    expect(counterValue(parsed, metricNames.failures, { slice: 'games', version: '1.3.0-cccc', kind: 'render' })).toBe(
      1,
    );
    const lcp = parsed[metricNames.LCP]?.data as { labels: Record<string, string>; buckets: Record<string, number> }[];
    expect(lcp[0]?.labels).toEqual({ slice: 'games', version: '1.2.0-bbbb' });
    expect(lcp[0]?.buckets).toMatchObject({ '1.5': 0, '2': 1, '+Inf': 1 });
    expect(parsed[metricNames.INP]?.type).toBe('histogram');
    expect(parsed[metricNames.CLS]?.type).toBe('histogram');
  });

  const oversized = JSON.stringify(
    batch(...Array.from({ length: 30 }, () => ({ ...view_(), version: 'x'.repeat(200) }))),
  );
  const hostile: [string, () => ReturnType<typeof post>, number, string][] = [
    ['not JSON', () => post('{"signals": [', {}), 400, 'not-json'],
    ['a JSON array', () => post([view_()]), 400, 'malformed'],
    ['an empty batch', () => post(batch()), 400, 'malformed'],
    ['an extra top-level field', () => post({ ...batch(view_()), visitor: 'id-42' }), 400, 'malformed'],
    [
      'an extra field in a signal',
      () => post(batch({ ...view_(), url: 'https://x.test/?email=a@b' })),
      400,
      'malformed',
    ],
    ['a number for a slice', () => post(batch({ ...view_(), slice: 7 })), 400, 'malformed'],
    ['a signal that is a string', () => post(batch('view')), 400, 'malformed'],
    ['an unknown slice', () => post(batch(view_('admin'))), 400, 'unknown-slice'],
    ['a slice named like a property', () => post(batch(view_('__proto__'))), 400, 'unknown-slice'],
    ['an unlisted version', () => post(batch(view_('games', '6.6.6'))), 400, 'unlisted-version'],
    ["another slice's version", () => post(batch(view_('marketing', '1.2.0-bbbb'))), 400, 'unlisted-version'],
    [
      'a label-looking version',
      () => post(batch(view_('games', '1.2.0-bbbb",kind="x"}\nnova_slice_page_views_total{slice="evil'))),
      400,
      'unlisted-version',
    ],
    ['an unknown signal', () => post(batch({ ...view_(), signal: 'crash' })), 400, 'unknown-signal'],
    ['a huge value', () => post(batch({ ...view_(), signal: 'LCP', value: 1e308 })), 400, 'value'],
    ['a negative value', () => post(batch({ ...view_(), signal: 'CLS', value: -1 })), 400, 'value'],
    ['a value given as text', () => post(batch({ ...view_(), signal: 'INP', value: '0.2' })), 400, 'value'],
    ['a vital without value', () => post(batch({ ...view_(), signal: 'INP' })), 400, 'value'],
    ['a value on a page view', () => post(batch({ ...view_(), value: 3 })), 400, 'value'],
    [
      'too many signals',
      () => post(batch(...Array.from({ length: batchLimits.signals + 1 }, () => view_()))),
      413,
      'too-many',
    ],
    ['too large a body', () => post(oversized), 413, 'too-large'],
    ['text/plain', () => post(batch(view_()), { type: 'text/plain' }), 415, 'content-type'],
    ['a form', () => post('signals=1', { type: 'application/x-www-form-urlencoded' }), 415, 'content-type'],
  ];

  it.each(hostile)('refuses %s (%i), counted under its reason only', async (_, request, status, reason) => {
    const { signals } = setUp();
    const answer = (await signals.respond(request(), fieldSignalsPath)) as PlainResponse;
    expect(answer.status).toBe(status);
    expect(answer.body).toBe(`Refused: ${reason}.`);
    const { parsed, text } = await scrape(signals);
    expect(counterValue(parsed, metricNames.rejected, { reason })).toBe(1);
    expect(parsed[metricNames.pageViews]?.data ?? []).toEqual([]);
    expect(parsed[metricNames.LCP]?.data ?? []).toEqual([]);
    for (const line of text.split('\n')) expect(line).toMatch(sampleLine);
  });

  it('takes nothing of a batch with one bad signal', async () => {
    const { signals } = setUp();
    const answer = await signals.respond(post(batch(view_(), view_('games', '9.9.9'))), fieldSignalsPath);
    expect(answer.status).toBe(400);
    const { parsed } = await scrape(signals);
    expect(parsed[metricNames.pageViews]?.data ?? []).toEqual([]);
  });

  it('has a fixed set of reasons, and no label a client named', async () => {
    const { signals } = setUp();
    for (const [, request] of hostile) await signals.respond(request(), fieldSignalsPath);
    const { parsed, text } = await scrape(signals);
    const reasons = (parsed[metricNames.rejected]?.data as { labels: Record<string, string> }[]).map(
      ({ labels }) => labels.reason,
    );
    expect(reasons.toSorted()).toEqual([...rejectReasons].toSorted());
    expect(text).not.toMatch(/evil|admin|crash|6\.6\.6|email|id-42|__proto__/);
    for (const line of text.split('\n')) expect(line).toMatch(sampleLine);
  });

  it('refuses every method but POST with 405 and Allow: POST', async () => {
    const { signals } = setUp();
    const answer = (await signals.respond(
      new Request(`http://shell.test${fieldSignalsPath}`, { method: 'PUT', body: '{}' }),
      fieldSignalsPath,
    )) as PlainResponse;
    expect(answer.status).toBe(405);
    expect(answer.headers).toEqual(expect.arrayContaining(['Allow', 'POST']));
  });

  it('refuses a batch while the server has no usable remote map (nothing to check versions with)', async () => {
    const { signals } = setUp({
      remoteMap: { ...usableMap, current: () => ({ unusable: 'no map' }) },
    });
    expect((await signals.respond(post(batch(view_())), fieldSignalsPath)).status).toBe(503);
  });
});

describe('the rate limit', () => {
  it('lets a client send its burst, then one batch a second; other clients are not held back', async () => {
    const { signals, clock } = setUp({ rate: { burst: 3, perSecond: 1 } });
    const send = (client = '203.0.113.7') => signals.respond(post(batch(view_()), { client }), fieldSignalsPath);
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(204);
    const limited = (await send()) as PlainResponse;
    expect(limited.status).toBe(429);
    expect(limited.headers).toEqual(expect.arrayContaining(['Retry-After', '1']));
    expect((await send('198.51.100.1')).status).toBe(204);
    clock.now += 999;
    expect((await send()).status).toBe(429);
    clock.now += 1;
    expect((await send()).status).toBe(204);
    const { parsed } = await scrape(signals);
    expect(counterValue(parsed, metricNames.rejected, { reason: 'rate-limited' })).toBe(2);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'games', version: '1.2.0-bbbb' })).toBe(5);
  });

  it("knows a client by its address, or by what the site's own proxy forwards", () => {
    const headers = (forwarded?: string) => ({
      get: (name: string) => (name === 'x-forwarded-for' ? (forwarded ?? null) : null),
    });
    const parts = { method: 'POST', url: '/' };
    expect(clientOf({ ...parts, client: '203.0.113.7', headers: headers('1.2.3.4') })).toBe('203.0.113.7');
    expect(clientOf({ ...parts, client: '127.0.0.1', headers: headers('9.9.9.9, 198.51.100.1') })).toBe('198.51.100.1');
    expect(clientOf({ ...parts, client: '::ffff:10.0.0.5', headers: headers('198.51.100.2') })).toBe('198.51.100.2');
    expect(clientOf({ ...parts, client: '10.0.0.5', headers: headers() })).toBe('10.0.0.5');
  });
});

describe('GET /metrics', () => {
  it('answers the Prometheus text format, never kept, with every metric of the contract', async () => {
    const { signals } = setUp();
    await signals.respond(post(batch(view_())), fieldSignalsPath);
    const { answer, parsed, text } = await scrape(signals);
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual([
      'Content-Type',
      'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control',
      'no-store',
    ]);
    expect(Object.keys(parsed).toSorted()).toEqual(Object.values(metricNames).toSorted());
    for (const line of text.split('\n')) expect(line).toMatch(sampleLine);
  });

  it('answers 503 when the sum of the workers cannot be had', async () => {
    const signals = createFieldSignals({ remoteMap: usableMap, readMetrics: () => Promise.reject(new Error('no')) });
    expect((await signals.respond(new Request(`http://shell.test${metricsPath}`), metricsPath)).status).toBe(503);
  });
});

describe('in the shell handler', () => {
  const handler = (log = vi.fn()) => {
    const { signals, metrics } = setUp();
    const shell = { matchShell: vi.fn() };
    return {
      log,
      metrics,
      handler: createShellHandler({
        shell,
        document: shellDocument(
          '<!doctype html><html><head><script type="module" crossorigin src="/assets/main.js"></script></head>' +
            '<body><div id="root"></div></body></html>',
        ),
        remoteMap: usableMap,
        fragmentOf: Object.assign(vi.fn(), { prefetch: vi.fn(async () => undefined) }),
        sliceOrigins,
        gameProvider: 'http://127.0.0.1:4178',
        log,
        fieldSignals: signals,
      }),
    };
  };

  it('takes POST at its path, with the security headers, and still refuses it elsewhere', async () => {
    const { handler: shellHandler } = handler();
    const taken = (await shellHandler.respond(post(batch(view_())))) as PlainResponse;
    expect(taken.status).toBe(204);
    expect(taken.headers).toContain('Content-Security-Policy');
    const csp = taken.headers[taken.headers.indexOf('Content-Security-Policy') + 1];
    expect(csp).toMatch(/connect-src 'self'/);
    const elsewhere = (await shellHandler.respond(
      new Request('http://shell.test/games', { method: 'POST', body: '{}' }),
    )) as PlainResponse;
    expect(elsewhere.status).toBe(405);
    expect(elsewhere.headers).toEqual(expect.arrayContaining(['Allow', 'GET, HEAD']));
    const get = (await shellHandler.respond(new Request(`http://shell.test${fieldSignalsPath}`))) as PlainResponse;
    expect(get.status).toBe(405);
    expect(get.headers).toEqual(expect.arrayContaining(['Allow', 'POST']));
  });

  it('logs nothing of a refused payload', async () => {
    const { handler: shellHandler, log } = handler();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await shellHandler.respond(post('{"signals":[{"slice":"games\\nSECRET","version":"x","signal":"view"}]}'));
    await shellHandler.respond(post(batch(view_('games', 'SECRET'))));
    expect(log).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('answers /metrics', async () => {
    const { handler: shellHandler } = handler();
    const answer = (await shellHandler.respond(new Request(`http://shell.test${metricsPath}`))) as PlainResponse;
    expect(answer.status).toBe(200);
    expect(String(answer.body)).toContain(`# TYPE ${metricNames.rejected} counter`);
  });
});
