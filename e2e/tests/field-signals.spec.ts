import { fieldSignalsPath, metricNames } from '@nova/contracts/field-signals';
import { expect, test } from '../support/deployments.ts';
import { counted, labelValues, scrape } from '../support/metrics.ts';
import { serverRenderOf } from '../support/server-render.ts';
import { shellOrigin } from '../support/site.ts';

// Field signals from visitors' browsers to the composing server the suite runs against (every
// process of it: /metrics sums them), and what it refuses.

/** Requests from this test count against a rate-limit bucket of their own (the edge's forwarded address). */
const client = (id: string) => ({ 'X-Forwarded-For': `198.51.100.${id}` });

test('a visit reports its page view once live, attributed to the slice version, and the server counts it', async ({
  page,
  context,
  request,
  deploy,
}) => {
  // An environment of its own: nobody else's visits count there.
  const environment = await deploy.environment();
  const seenOnThePage: unknown[] = [];
  await context.route(`${environment.url}${fieldSignalsPath}`, (route) => {
    seenOnThePage.push(route.request().postDataJSON());
    return route.continue();
  });
  const html = await (await page.goto(`${environment.url}/terms-and-conditions`))!.text();
  const version = serverRenderOf(html)?.versions?.legal;
  expect(version).toMatch(/^1\.0\.0-/);
  const views = async () =>
    counted((await scrape(request, environment.url)).parsed, metricNames.pageViews, {
      slice: 'legal',
      version: version!,
    });
  expect(await views()).toBe(0);

  // Leaving the page sends its batch, as the document goes.
  await page.goto('about:blank');
  await expect.poll(views).toBe(1);
  expect(seenOnThePage, 'nothing sent while the visitor was on the page').toEqual([]);
});

test('hostile and oversized payloads are refused, and nothing of them reaches /metrics', async ({ request }) => {
  const marker = 'hostile"}\nnova_injected 1';
  const post = (data: string, type = 'application/json') =>
    request.post(`${shellOrigin}${fieldSignalsPath}`, {
      data: Buffer.from(data),
      headers: { 'Content-Type': type, ...client('7') },
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
  ];
  expect(refused.map((answer) => answer.status())).toEqual([400, 400, 400, 400, 400, 413, 413, 415]);
  expect((await request.put(`${shellOrigin}${fieldSignalsPath}`, { headers: client('7') })).status()).toBe(405);

  const { text, parsed } = await scrape(request, shellOrigin);
  expect(text).not.toContain('hostile');
  expect(text).not.toContain('nova_injected');
  expect(labelValues(parsed).filter((value) => value.includes('hostile'))).toEqual([]);
  expect(counted(parsed, metricNames.rejected, { reason: 'not-json' })).toBeGreaterThan(0);
});
