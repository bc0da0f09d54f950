import { fieldSignalsPath, fieldSignalTokenPath, metricNames, metricsPath } from '@nova/contracts/field-signals';
import { expect, test } from '../support/deployments.ts';
import { counted, labelValues, scrape } from '../support/metrics.ts';
import { dataBlockOf } from '../support/data-block.ts';

// Field signals from visitors' browsers to a composer, and what it refuses. Each test has
// an environment of its own: nobody else's visits (or rate limits) count there.

test('a visit reports its page view once live, attributed to the slice version, and the server counts it', async ({
  page,
  context,
  request,
  deploy,
}) => {
  const environment = await deploy.environment();
  const seenOnThePage: unknown[] = [];
  await context.route(`${environment.url}${fieldSignalsPath}`, (route) => {
    seenOnThePage.push(route.request().postDataJSON());
    return route.continue();
  });
  const tokensAskedFor: string[] = [];
  page.on('request', (sent) => void (sent.url().endsWith(fieldSignalTokenPath) && tokensAskedFor.push(sent.url())));
  const html = await (await page.goto(`${environment.url}/terms-and-conditions`))!.text();
  const version = dataBlockOf(html)?.versions?.legal;
  expect(version).toMatch(/^1\.0\.0-/);
  const views = async () =>
    counted((await scrape(request, environment.metrics)).parsed, metricNames.pageViews, {
      slice: 'legal',
      version: version!,
    });
  expect(await views()).toBe(0);
  // Once live, the page asks for the token its batch will carry: one, ahead of time.
  await expect.poll(() => tokensAskedFor.length).toBe(1);

  // Leaving the page sends its batch as the document goes; the composer counts it, so it carried
  // that token (a batch without one is refused).
  await page.goto('about:blank');
  await expect.poll(views).toBe(1);
  expect(seenOnThePage, 'nothing sent while the visitor was on the page').toEqual([]);
  const { parsed } = await scrape(request, environment.metrics);
  expect(counted(parsed, metricNames.clients, { slice: 'legal', version: version! })).toBe(1);
});

test('hostile, oversized and tokenless payloads are refused, and nothing of them reaches /metrics', async ({
  request,
  deploy,
}) => {
  const environment = await deploy.environment();
  const marker = 'hostile"}\nnova_injected 1';
  const { token } = await (await request.get(`${environment.url}${fieldSignalTokenPath}`)).json();
  const post = (data: string, type = 'application/json') =>
    request.post(`${environment.url}${fieldSignalsPath}`, {
      data: Buffer.from(data),
      headers: { 'Content-Type': type },
    });
  const refused = [
    await post('not json'),
    await post(JSON.stringify({ signals: [{ slice: marker, version: '1', signal: 'view' }] })),
    await post(JSON.stringify({ signals: [{ slice: 'legal', version: marker, signal: 'view' }] })),
    await post(JSON.stringify({ signals: [{ slice: 'legal', version: '1.0.0-x', signal: marker }] })),
    await post(JSON.stringify({ signals: [{ slice: 'legal', version: '1', signal: 'LCP', value: 1e300 }] })),
    await post(JSON.stringify({ signals: Array.from({ length: 500 }, () => ({ slice: 'legal', signal: 'view' })) })),
    await post(JSON.stringify({ signals: [], padding: 'x'.repeat(200_000) })),
    await post(JSON.stringify({ signals: [{ slice: 'legal', version: '1', signal: 'view' }] }), 'text/plain'),
    await post(JSON.stringify({ token: marker, signals: [{ slice: 'legal', version: 'x', signal: 'view' }] })),
  ];
  expect(refused.map((answer) => answer.status())).toEqual([400, 400, 400, 400, 400, 413, 413, 415, 400]);
  // Well-formed, for a listed version, but without a token of the composer's: refused too.
  const legal = (await (await request.get(`${environment.url}/remotes.json`)).json()).microFrontends.legal[0].metadata
    .version;
  const batch = { signals: [{ slice: 'legal', version: legal, signal: 'view' }] };
  expect((await post(JSON.stringify(batch))).status()).toBe(403);
  expect((await post(JSON.stringify({ ...batch, token: `${marker}.x` }))).status()).toBe(403);
  expect((await post(JSON.stringify({ ...batch, token }))).status()).toBe(204);
  expect((await post(JSON.stringify({ ...batch, token }))).status()).toBe(403);
  expect((await request.put(`${environment.url}${fieldSignalsPath}`)).status()).toBe(405);
  // The metrics are on a port of their own, not the pages'.
  expect((await request.get(`${environment.url}${metricsPath}`)).status()).toBe(404);

  const { text, parsed } = await scrape(request, environment.metrics);
  expect(text).not.toContain('hostile');
  expect(text).not.toContain('nova_injected');
  expect(labelValues(parsed).filter((value) => value.includes('hostile'))).toEqual([]);
  expect(counted(parsed, metricNames.rejected, { reason: 'not-json' })).toBe(1);
  expect(counted(parsed, metricNames.rejected, { reason: 'no-token' })).toBe(1);
  expect(counted(parsed, metricNames.rejected, { reason: 'invalid-token' })).toBe(1);
  expect(counted(parsed, metricNames.rejected, { reason: 'token-reused' })).toBe(1);
  expect(counted(parsed, metricNames.pageViews, { slice: 'legal', version: legal })).toBe(1);
});
