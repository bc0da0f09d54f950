import { expect, shippedRemotes, test } from '../support/deployments.ts';
import { gameDemoBaseUrl, pageTitle, shellOrigin, titles } from '../support/site.ts';

test('relocation: a remote served from another port loads from there once remotes.json says so', async ({
  page,
  deploy,
}) => {
  const legal = await deploy.remote('legal');
  const shell = await deploy.shell({ legal: legal.entry });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto(`${shell}/terms-and-conditions`);
  await expect(page).toHaveTitle(titles.terms);
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('1. Introduction');
  expect(requested).toContain(legal.entry);
  expect(requested.filter((url) => url.startsWith(new URL(shippedRemotes.legal).origin))).toEqual([]);
});

test.describe('a remotes.json that cannot be read stops the pages, and says so', () => {
  test.use({ allowConsoleErrors: true });

  test('malformed JSON', async ({ page, deploy }) => {
    const shell = await deploy.shell('{ "games": ');
    await page.goto(`${shell}/games`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('The site could not load its pages');
    await expect(main).toContainText('remotes.json is not valid JSON.');
    await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('Unavailable'));
  });
});

test.describe('an entry that is not a URL takes only its own slice down', () => {
  test.use({ allowConsoleErrors: true });

  test('javascript: for contact', async ({ page, deploy }) => {
    const shell = await deploy.shell({ contact: 'javascript:alert(1)' });
    await page.goto(`${shell}/contact`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This section is unavailable right now');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games' }).click();
    await expect(page).toHaveTitle(titles.games);
  });
});

test('the local production server sends the security and caching headers of a CDN', async ({ request }) => {
  const document = await request.get('/games/pug-life');
  expect(document.status()).toBe(200);
  const headers = document.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain(`frame-src ${gameDemoBaseUrl.origin};`);
  expect(headers['content-security-policy']).toContain(new URL(shippedRemotes.games).origin);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('fullscreen=(self');
  // Browsers revalidate a page every time; shared caches keep it a second (shell/server/page-policy.mjs).
  expect(headers['cache-control']).toBe(
    'public, max-age=0, s-maxage=1, stale-while-revalidate=30, stale-if-error=86400',
  );
  expect(headers['etag']).toMatch(/^"[\w-]+"$/);
  expect(headers['surrogate-key']).toBe('shell games');

  const remoteMap = await request.get('/remotes.json');
  expect(remoteMap.headers()['cache-control']).toBe(headers['cache-control']);
  expect(remoteMap.headers()['etag']).toMatch(/^"[\w-]+"$/);
  expect(remoteMap.headers()['content-type']).toContain('application/json');
  expect((await request.get('/missing.js')).status()).toBe(404);

  // A slice's files, its entry included, live in the folder of their version: cached for good.
  const entry = await request.get(shippedRemotes.games, { headers: { Origin: shellOrigin } });
  expect(entry.headers()['access-control-allow-origin']).toBe('*');
  expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const asset = new URL((await entry.text()).match(/assets\/[\w.-]+\.js/)![0], entry.url()).href;
  expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('every text file is sent compressed, brotli or gzip as the browser accepts', async ({ request }) => {
  const entry = await request.get(shippedRemotes.legal);
  const files = [
    '/',
    '/games',
    new URL((await entry.text()).match(/assets\/[\w.-]+\.js/)![0], entry.url()).href,
    shippedRemotes.legal,
  ];
  for (const url of files) {
    for (const [accepted, sent] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await request.get(url, { headers: { 'Accept-Encoding': accepted } });
      expect(response.headers()['content-encoding'], `${url} for "${accepted}"`).toBe(sent);
      // A page varies by the edge's header too: the composer leaves its security headers to an edge that adds them.
      const page = typeof url === 'string' && url.startsWith('/');
      expect(response.headers()['vary']).toBe(page ? 'Accept-Encoding, X-Edge-Security-Headers' : 'Accept-Encoding');
      expect((await response.body()).length, 'the body arrives whole, decoded').toBeGreaterThan(100);
    }
  }
});
