import { chromium, type Browser } from '@playwright/test';
import { headlessChromium } from '@nova/tooling/chromium';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchNetwork } from './network.mjs';

// A page whose last script is asked for late, by a timer, as a lazy chunk is after hydration.
const page = `<!doctype html><title>late</title><script>
  setTimeout(() => document.head.append(Object.assign(document.createElement('script'), { src: '/late.js' })), 5000);
</script>`;

let browser: Browser;
/** Told, when the late script is asked for, what answers it; `lateAnswer` is what it was told. */
let lateAsked: (answer: () => void) => void;
const lateAnswer = new Promise<() => void>((resolve) => (lateAsked = resolve));
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/late.js') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    // Held until the test lets it go.
    lateAsked(() => res.writeHead(200, { 'Content-Type': 'text/javascript' }).end('1'));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: headlessChromium(chromium.executablePath()) });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe('watchNetwork', () => {
  it('waits for a request started after the page first went quiet, which networkidle does not', async () => {
    const tab = await browser.newPage();
    try {
      const network = watchNetwork(tab);
      await tab.clock.install();
      await tab.goto(origin, { waitUntil: 'networkidle' });
      let quietNow = false;
      // Already reached: Playwright's networkidle resolves at once, the late script not yet asked.
      await tab.waitForLoadState('networkidle');
      const quiet = network.quiet(2000).then(() => (quietNow = true));
      await tab.clock.runFor(5000);
      const answerLate = await lateAnswer;
      expect(quietNow, 'quiet while the late script is in flight').toBe(false);
      answerLate();
      await quiet;
      expect(quietNow).toBe(true);
    } finally {
      await tab.close();
    }
  });

  it('says which requests kept it busy when the network never goes quiet', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((listening) => hanging.listen(0, '127.0.0.1', listening));
    const tab = await browser.newPage();
    try {
      const network = watchNetwork(tab);
      await tab.goto(origin);
      const never = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/never`;
      await tab.evaluate((url) => void fetch(url).catch(() => undefined), never);
      await expect(network.quiet(100, 1000)).rejects.toThrow(`not quiet in 1000 ms: ${never}`);
    } finally {
      await tab.close();
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
