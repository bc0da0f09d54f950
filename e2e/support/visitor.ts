import type { Browser } from '@playwright/test';
import { bucketCookie } from '@nova/contracts/traffic';

/**
 * A visitor in a browser of their own, in canary `bucket` if given (else the site gives them one
 * when it matters): their page, the scripts it loaded, every page or console error it met, and
 * the bucket they have now.
 */
export async function visitorOf(browser: Browser, site: string, bucket?: number) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  if (bucket !== undefined) await context.addCookies([{ name: bucketCookie, value: String(bucket), url: site }]);
  const page = await context.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  const bucketNow = async () =>
    Number((await context.cookies(site)).find((cookie) => cookie.name === bucketCookie)?.value);
  return { page, scripts, errors, bucketNow, close: () => context.close() };
}

export type Visitor = Awaited<ReturnType<typeof visitorOf>>;
