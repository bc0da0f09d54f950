// @vitest-environment node
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { fieldSignalsPath, fieldSignalTokenPath, metricNames } from '@nova/contracts/field-signals';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import { purposes, signer } from '@nova/signing/signing';
import { getMetricsFromStream, type PromMetrics } from 'prom2javascript';
import { createLedger, localLedger } from './client-ledger.mjs';
import { batchLimits, createFieldSignalsEndpoint } from './field-signals-endpoint.mjs';
import { tokenLifetimeMs } from './field-signal-tokens.mjs';
import { fieldMetrics, rejectReasons } from './metrics.mjs';
import type { RemoteMapSource } from './remote-map-source.mjs';
import { remoteMapView } from './remote-map-view.mjs';
import type { PlainResponse } from './answers.mjs';
import { createComposer } from './composer.mjs';
import { shellDocument } from './shell-document.mjs';

const environment = {
  slices: {
    marketing: { origins: ['http://localhost:4174'], paths: ['/'] },
    games: { origins: ['http://localhost:4175'], paths: ['/games/*'] },
  },
};
const listing = (origin: string, version: string, released: boolean) =>
  sliceVersion({
    url: `${origin}/${version}/mf-manifest.json`,
    version,
    released,
    integrity: `sha256-${'A'.repeat(43)}=`,
  });
const mapJson = {
  schema: remoteMapSchema,
  microFrontends: {
    marketing: [listing('http://localhost:4174', '1.0.0-aaaa', true)],
    games: [
      { ...listing('http://localhost:4175', '1.2.0-bbbb', true), deployment: { traffic: 90, default: true } },
      { ...listing('http://localhost:4175', '1.3.0-cccc', false), deployment: { traffic: 10, default: false } },
      listing('http://localhost:4175', '1.1.0-zzzz', false),
    ],
  },
  environment,
};
const view = remoteMapView(mapJson);
if (!('view' in view)) throw new Error('the test map is unusable');
const usableMap: RemoteMapSource = {
  current: () => ({ revision: 'r1', view: view.view }),
  ready: Promise.resolve(),
  close: () => undefined,
};

const key = signer('the environment key, long enough to sign');
const roomy = { token: { burst: 1000, perSecond: 1000 }, batch: { burst: 1000, perSecond: 1000 } };

/** A fresh server side of field signals, its own metrics and ledger, and a clock the test moves. */
function setUp({ remoteMap = usableMap, rates = roomy, trustedProxies = [] as string[] } = {}) {
  const clock = { now: Date.UTC(2026, 10, 25) };
  const metrics = fieldMetrics();
  const now = () => clock.now;
  const ledger = localLedger(createLedger({ rates, now }));
  const signals = createFieldSignalsEndpoint({ remoteMap, signer: key, ledger, trustedProxies, metrics, now });
  return { clock, metrics, signals };
}
type Signals = ReturnType<typeof setUp>['signals'];

const client = '203.0.113.7';
const request = (
  path: string,
  init: RequestInit,
  { from = client, forwardedFor }: { from?: string; forwardedFor?: string } = {},
) => {
  const headers = new Headers(init.headers);
  if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
  return Object.assign(new Request(`http://shell.test${path}`, { ...init, headers }), { client: from });
};

/** A token as a page gets it (GET /field-signals/token), for the visitor in `bucket` if given. */
async function tokenFor(signals: Signals, { from = client, forwardedFor, bucket }: TokenOptions = {}) {
  const headers = bucket === undefined ? undefined : { Cookie: `nova_bucket=${bucket}` };
  const answer = (await signals.respond(
    request(fieldSignalTokenPath, { headers }, { from, forwardedFor }),
    fieldSignalTokenPath,
  )) as PlainResponse;
  if (answer.status !== 200) throw new Error(`no token: ${answer.status}`);
  return JSON.parse(String(answer.body)).token as string;
}
type TokenOptions = { from?: string; forwardedFor?: string; bucket?: number };

const post = (
  body: unknown,
  {
    type = 'application/json',
    from = client,
    forwardedFor,
  }: { type?: string; from?: string; forwardedFor?: string } = {},
) =>
  request(
    fieldSignalsPath,
    { method: 'POST', headers: { 'Content-Type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) },
    { from, forwardedFor },
  );
const batch = (token: string | undefined, ...signals: unknown[]) => ({
  ...(token === undefined ? {} : { token }),
  signals,
});
const view_ = (slice = 'games', version = '1.2.0-bbbb') => ({ slice, version, signal: 'view' });

/** A batch sent as a page sends it: with a token of its own first. */
async function send(signals: Signals, options: TokenOptions = {}, ...items: unknown[]) {
  const token = await tokenFor(signals, options);
  return (await signals.respond(post(batch(token, ...items), options), fieldSignalsPath)) as PlainResponse;
}

/** The metrics as Prometheus reads them (the text, parsed), and the text. */
async function scrape(metrics: ReturnType<typeof setUp>['metrics']) {
  const text = await metrics.registry.metrics();
  const parsed: PromMetrics = await getMetricsFromStream(Readable.from([text]));
  return { text, parsed };
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
    const { signals, metrics } = setUp();
    const canaryBatch = [
      view_('games', '1.3.0-cccc'),
      view_('games', '1.3.0-cccc'),
      view_('marketing', '1.0.0-aaaa'),
      { slice: 'games', version: '1.3.0-cccc', signal: 'render' },
      { slice: 'games', version: '1.3.0-cccc', signal: 'LCP', value: 1.8 },
      { slice: 'games', version: '1.3.0-cccc', signal: 'INP', value: 0.12 },
      { slice: 'games', version: '1.3.0-cccc', signal: 'CLS', value: 0.02 },
    ];
    // Bucket 5 sees the canary (10 %): its token names 1.3.0-cccc, not the released 1.2.0-bbbb.
    const released = await send(signals, { bucket: 5 }, view_(), ...canaryBatch.slice(1));
    expect(released).toMatchObject({ status: 403, body: 'Refused: token-versions.' });
    const taken = await send(signals, { bucket: 5 }, ...canaryBatch);
    expect(taken).toEqual({ status: 204, headers: ['Cache-Control', 'no-store'] });
    const { parsed } = await scrape(metrics);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'games', version: '1.3.0-cccc' })).toBe(2);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'marketing', version: '1.0.0-aaaa' })).toBe(1);
    expect(counterValue(parsed, metricNames.failures, { slice: 'games', version: '1.3.0-cccc', kind: 'render' })).toBe(
      1,
    );
    const lcp = parsed[metricNames.LCP]?.data as { labels: Record<string, string>; buckets: Record<string, number> }[];
    expect(lcp[0]?.labels).toEqual({ slice: 'games', version: '1.3.0-cccc' });
    expect(lcp[0]?.buckets).toMatchObject({ '1.5': 0, '2': 1, '+Inf': 1 });
    expect(parsed[metricNames.INP]?.type).toBe('histogram');
    expect(parsed[metricNames.CLS]?.type).toBe('histogram');
  });

  it('counts each client once per version, however many batches it sends', async () => {
    const { signals, metrics } = setUp();
    for (let i = 0; i < 3; i += 1) expect((await send(signals, {}, view_())).status).toBe(204);
    expect((await send(signals, { from: '198.51.100.1' }, view_())).status).toBe(204);
    expect((await send(signals, { from: '198.51.100.1' }, view_('marketing', '1.0.0-aaaa'))).status).toBe(204);
    const { parsed } = await scrape(metrics);
    expect(counterValue(parsed, metricNames.clients, { slice: 'games', version: '1.2.0-bbbb' })).toBe(2);
    expect(counterValue(parsed, metricNames.clients, { slice: 'marketing', version: '1.0.0-aaaa' })).toBe(1);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'games', version: '1.2.0-bbbb' })).toBe(4);
  });

  const oversized = (token: string) =>
    JSON.stringify(batch(token, ...Array.from({ length: 30 }, () => ({ ...view_(), version: 'x'.repeat(200) }))));
  const hostile: [string, (token: string) => ReturnType<typeof post>, number, string][] = [
    ['not JSON', () => post('{"signals": [', {}), 400, 'not-json'],
    ['a JSON array', () => post([view_()]), 400, 'malformed'],
    ['an empty batch', (token) => post(batch(token)), 400, 'malformed'],
    ['an extra top-level field', (token) => post({ ...batch(token, view_()), visitor: 'id-42' }), 400, 'malformed'],
    [
      'an extra field in a signal',
      (token) => post(batch(token, { ...view_(), url: 'https://x.test/?email=a@b' })),
      400,
      'malformed',
    ],
    ['a number for a slice', (token) => post(batch(token, { ...view_(), slice: 7 })), 400, 'malformed'],
    ['a signal that is a string', (token) => post(batch(token, 'view')), 400, 'malformed'],
    ['an unknown slice', (token) => post(batch(token, view_('admin'))), 400, 'unknown-slice'],
    ['a slice named like a property', (token) => post(batch(token, view_('__proto__'))), 400, 'unknown-slice'],
    ['an unlisted version', (token) => post(batch(token, view_('games', '6.6.6'))), 400, 'unlisted-version'],
    [
      "another slice's version",
      (token) => post(batch(token, view_('marketing', '1.2.0-bbbb'))),
      400,
      'unlisted-version',
    ],
    [
      'a label-looking version',
      (token) => post(batch(token, view_('games', '1.2.0-bbbb",kind="x"}\nnova_slice_page_views_total{slice="evil'))),
      400,
      'unlisted-version',
    ],
    ['an unknown signal', (token) => post(batch(token, { ...view_(), signal: 'crash' })), 400, 'unknown-signal'],
    ['a huge value', (token) => post(batch(token, { ...view_(), signal: 'LCP', value: 1e308 })), 400, 'value'],
    ['a negative value', (token) => post(batch(token, { ...view_(), signal: 'CLS', value: -1 })), 400, 'value'],
    ['a value given as text', (token) => post(batch(token, { ...view_(), signal: 'INP', value: '0.2' })), 400, 'value'],
    ['a vital without value', (token) => post(batch(token, { ...view_(), signal: 'INP' })), 400, 'value'],
    ['a value on a page view', (token) => post(batch(token, { ...view_(), value: 3 })), 400, 'value'],
    [
      'too many signals',
      (token) => post(batch(token, ...Array.from({ length: batchLimits.signals + 1 }, () => view_()))),
      413,
      'too-many',
    ],
    ['too large a body', (token) => post(oversized(token)), 413, 'too-large'],
    ['text/plain', (token) => post(batch(token, view_()), { type: 'text/plain' }), 415, 'content-type'],
    ['a form', () => post('signals=1', { type: 'application/x-www-form-urlencoded' }), 415, 'content-type'],
    // What a batch must carry to count: a token of ours, for its sender and its versions, unused.
    ['no token', () => post(batch(undefined, view_())), 403, 'no-token'],
    ['a made-up token', () => post(batch('eyJpIjoieCJ9.' + 'A'.repeat(43), view_())), 403, 'invalid-token'],
    ['a token that is not text', () => post({ token: 42, signals: [view_()] }), 403, 'invalid-token'],
    [
      'a token signed for another use',
      () => post(batch(key.sign(purposes.preview, { i: 'x', c: 'y', v: { games: '1.2.0-bbbb' }, e: 8e12 }), view_())),
      403,
      'invalid-token',
    ],
    [
      'a token signed with another key',
      () =>
        post(
          batch(
            signer('y'.repeat(32)).sign(purposes.fieldSignals, { i: 'x', c: 'y', v: { games: '1.2.0-bbbb' }, e: 8e12 }),
            view_(),
          ),
        ),
      403,
      'invalid-token',
    ],
    ['a token for other versions', (token) => post(batch(token, view_('games', '1.3.0-cccc'))), 403, 'token-versions'],
    ["another client's token", (token) => post(batch(token, view_()), { from: '198.51.100.9' }), 403, 'token-client'],
  ];

  it.each(hostile)('refuses %s (%i), counted under its reason only', async (_, request, status, reason) => {
    const { signals, metrics } = setUp();
    const answer = (await signals.respond(request(await tokenFor(signals)), fieldSignalsPath)) as PlainResponse;
    expect(answer.status).toBe(status);
    expect(answer.body).toBe(`Refused: ${reason}.`);
    const { parsed, text } = await scrape(metrics);
    expect(counterValue(parsed, metricNames.rejected, { reason })).toBe(1);
    expect(parsed[metricNames.pageViews]?.data ?? []).toEqual([]);
    expect(parsed[metricNames.clients]?.data ?? []).toEqual([]);
    expect(parsed[metricNames.LCP]?.data ?? []).toEqual([]);
    for (const line of text.split('\n')) expect(line).toMatch(sampleLine);
  });

  it('takes a token once: the same batch again is refused, and so is any other with that token', async () => {
    const { signals, metrics } = setUp();
    const token = await tokenFor(signals);
    expect((await signals.respond(post(batch(token, view_())), fieldSignalsPath)).status).toBe(204);
    for (const items of [[view_()], [{ ...view_(), signal: 'render' }]]) {
      const again = (await signals.respond(post(batch(token, ...items)), fieldSignalsPath)) as PlainResponse;
      expect(again).toMatchObject({ status: 403, body: 'Refused: token-reused.' });
    }
    const { parsed } = await scrape(metrics);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'games', version: '1.2.0-bbbb' })).toBe(1);
    expect(counterValue(parsed, metricNames.rejected, { reason: 'token-reused' })).toBe(2);
  });

  it('refuses a token once it has expired', async () => {
    const { signals, clock } = setUp();
    const token = await tokenFor(signals);
    clock.now += tokenLifetimeMs;
    const answer = (await signals.respond(post(batch(token, view_())), fieldSignalsPath)) as PlainResponse;
    expect(answer).toMatchObject({ status: 403, body: 'Refused: expired-token.' });
  });

  it('takes nothing of a batch with one bad signal, and the token stays unused', async () => {
    const { signals, metrics } = setUp();
    const token = await tokenFor(signals);
    const answer = await signals.respond(post(batch(token, view_(), view_('games', '9.9.9'))), fieldSignalsPath);
    expect(answer.status).toBe(400);
    const { parsed } = await scrape(metrics);
    expect(parsed[metricNames.pageViews]?.data ?? []).toEqual([]);
    expect((await signals.respond(post(batch(token, view_())), fieldSignalsPath)).status).toBe(204);
  });

  it('has a fixed set of reasons, and no label a client named', async () => {
    const { signals, metrics } = setUp();
    for (const [, request] of hostile) await signals.respond(request(await tokenFor(signals)), fieldSignalsPath);
    const { parsed, text } = await scrape(metrics);
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
      request(fieldSignalsPath, { method: 'PUT', body: '{}' }),
      fieldSignalsPath,
    )) as PlainResponse;
    expect(answer.status).toBe(405);
    expect(answer.headers).toEqual(expect.arrayContaining(['Allow', 'POST']));
  });

  it('refuses a batch while the server has no usable remote map (nothing to check versions with)', async () => {
    const { signals } = setUp({ remoteMap: { ...usableMap, current: () => ({ unusable: 'no map' }) } });
    const answer = await signals.respond(post(batch('x.y', view_())), fieldSignalsPath);
    expect(answer.status).toBe(503);
  });

  it('refuses a batch, counting nothing, when the ledger cannot answer', async () => {
    const failing = { allow: async () => true, redeem: () => Promise.reject(new Error('no primary')) };
    const metrics = fieldMetrics();
    const signals = createFieldSignalsEndpoint({ remoteMap: usableMap, signer: key, ledger: failing, metrics });
    const answer = (await send(signals, {}, view_())) as PlainResponse;
    expect(answer).toMatchObject({ status: 503, body: 'Refused: busy.' });
    expect((await scrape(metrics)).parsed[metricNames.pageViews]?.data ?? []).toEqual([]);
  });
});

describe('GET /field-signals/token', () => {
  it("gives the client a token for the versions its bucket sees, the client's alone (no cache keeps it)", async () => {
    const { signals } = setUp();
    const answer = (await signals.respond(request(fieldSignalTokenPath, {}), fieldSignalTokenPath)) as PlainResponse;
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual(['Content-Type', 'application/json', 'Cache-Control', 'private, no-store']);
    const { token, expiresIn } = JSON.parse(String(answer.body));
    expect(expiresIn).toBe(tokenLifetimeMs / 1000);
    const payload = key.verify(purposes.fieldSignals, token) as Record<string, unknown>;
    expect(payload.v).toEqual({ marketing: '1.0.0-aaaa', games: '1.2.0-bbbb' });
    expect(JSON.stringify(payload)).not.toContain(client);
    const inCanary = key.verify(purposes.fieldSignals, await tokenFor(signals, { bucket: 9 })) as Record<
      string,
      unknown
    >;
    expect(inCanary.v).toEqual({ marketing: '1.0.0-aaaa', games: '1.3.0-cccc' });
  });

  it('answers GET only', async () => {
    const { signals } = setUp();
    const answer = (await signals.respond(
      request(fieldSignalTokenPath, { method: 'POST' }),
      fieldSignalTokenPath,
    )) as PlainResponse;
    expect(answer.status).toBe(405);
    expect(answer.headers).toEqual(expect.arrayContaining(['Allow', 'GET']));
  });

  it('gives each client its burst of tokens, then so many a second', async () => {
    const { signals, clock } = setUp({ rates: { ...roomy, token: { burst: 2, perSecond: 1 } } });
    const ask = async (from = client) =>
      ((await signals.respond(request(fieldSignalTokenPath, {}, { from }), fieldSignalTokenPath)) as PlainResponse)
        .status;
    expect([await ask(), await ask(), await ask(), await ask('198.51.100.1')]).toEqual([200, 200, 429, 200]);
    clock.now += 1000;
    expect(await ask()).toBe(200);
  });
});

describe('the rate limit', () => {
  it('lets a client send its burst, then one batch a second; other clients are not held back', async () => {
    const { signals, clock, metrics } = setUp({ rates: { ...roomy, batch: { burst: 3, perSecond: 1 } } });
    const sendAs = (from = client) => send(signals, { from }, view_());
    for (let i = 0; i < 3; i += 1) expect((await sendAs()).status).toBe(204);
    const limited = await sendAs();
    expect(limited.status).toBe(429);
    expect(limited.headers).toEqual(expect.arrayContaining(['Retry-After', '1']));
    expect((await sendAs('198.51.100.1')).status).toBe(204);
    clock.now += 999;
    expect((await sendAs()).status).toBe(429);
    clock.now += 1;
    expect((await sendAs()).status).toBe(204);
    const { parsed } = await scrape(metrics);
    expect(counterValue(parsed, metricNames.rejected, { reason: 'rate-limited' })).toBe(2);
    expect(counterValue(parsed, metricNames.pageViews, { slice: 'games', version: '1.2.0-bbbb' })).toBe(5);
  });

  it('ignores X-Forwarded-For from anyone but a trusted proxy: a client cannot pose as many', async () => {
    const { signals, metrics } = setUp({
      rates: { ...roomy, batch: { burst: 3, perSecond: 1 } },
      trustedProxies: ['10.0.0.1'],
    });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const spoofed = { from: '203.0.113.7', forwardedFor: `198.51.100.${i}` };
      statuses.push((await send(signals, spoofed, view_())).status);
    }
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const { parsed } = await scrape(metrics);
    expect(counterValue(parsed, metricNames.clients, { slice: 'games', version: '1.2.0-bbbb' })).toBe(1);
  });

  it('believes the client a trusted proxy names, each one under a limit of its own', async () => {
    const { signals, metrics } = setUp({
      rates: { ...roomy, batch: { burst: 1, perSecond: 1 } },
      trustedProxies: ['10.0.0.0/8'],
    });
    for (let i = 0; i < 5; i += 1) {
      const forwarded = { from: '10.0.0.1', forwardedFor: `192.0.2.77, 198.51.100.${i}, 10.0.0.2` };
      expect((await send(signals, forwarded, view_())).status).toBe(204);
    }
    const { parsed } = await scrape(metrics);
    expect(counterValue(parsed, metricNames.clients, { slice: 'games', version: '1.2.0-bbbb' })).toBe(5);
    // Its own token is no good from another client the proxy names.
    const token = await tokenFor(signals, { from: '10.0.0.1', forwardedFor: '198.51.100.200' });
    const stolen = post(batch(token, view_()), { from: '10.0.0.1', forwardedFor: '198.51.100.201' });
    expect(((await signals.respond(stolen, fieldSignalsPath)) as PlainResponse).body).toBe('Refused: token-client.');
  });
});

describe('in the composer', () => {
  const handler = (log = vi.fn()) => {
    const { signals, metrics } = setUp();
    const shell = { matchShell: vi.fn(async () => ({ page: undefined, render: () => ({ html: '', status: 200 }) })) };
    return {
      log,
      metrics,
      signals,
      handler: createComposer({
        shell,
        document: shellDocument(
          '<!doctype html><html><head><script type="module" crossorigin src="/assets/main.js"></script></head>' +
            '<body><div id="root"></div></body></html>',
        ),
        remoteMap: usableMap,
        fragments: Object.assign(vi.fn(), {
          prefetch: vi.fn(async () => []),
          fromDevServer: vi.fn(),
          serves: () => true,
        }),
        gameProvider: 'http://127.0.0.1:4178',
        pageCacheBytes: 64 * 1024 * 1024,
        log,
        fieldSignals: signals,
      }),
    };
  };

  it('takes POST at its path, with the security headers, and still refuses it elsewhere', async () => {
    const { handler: composer, signals } = handler();
    const taken = (await composer.respond(post(batch(await tokenFor(signals), view_())))) as PlainResponse;
    expect(taken.status).toBe(204);
    expect(taken.headers).toContain('Content-Security-Policy');
    const csp = taken.headers[taken.headers.indexOf('Content-Security-Policy') + 1];
    expect(csp).toMatch(/connect-src 'self'/);
    const token = (await composer.respond(request(fieldSignalTokenPath, {}))) as PlainResponse;
    expect(token.status).toBe(200);
    expect(token.headers).toContain('Content-Security-Policy');
    const elsewhere = (await composer.respond(
      new Request('http://shell.test/games', { method: 'POST', body: '{}' }),
    )) as PlainResponse;
    expect(elsewhere.status).toBe(405);
    expect(elsewhere.headers).toEqual(expect.arrayContaining(['Allow', 'GET, HEAD']));
    const get = (await composer.respond(new Request(`http://shell.test${fieldSignalsPath}`))) as PlainResponse;
    expect(get.status).toBe(405);
    expect(get.headers).toEqual(expect.arrayContaining(['Allow', 'POST']));
  });

  it('logs nothing of a refused payload', async () => {
    const { handler: composer, log } = handler();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await composer.respond(post('{"signals":[{"slice":"games\\nSECRET","version":"x","signal":"view"}]}'));
    await composer.respond(post(batch('SECRET', view_('games', 'SECRET'))));
    expect(log).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('does not answer /metrics: the metrics have a port of their own', async () => {
    const { handler: composer } = handler();
    const answer = (await composer.respond(new Request('http://shell.test/metrics'))) as PlainResponse;
    expect(answer.status).toBe(404);
    expect(String(answer.body)).not.toContain(metricNames.rejected);
  });
});
