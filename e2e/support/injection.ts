import { expect, type Page } from '@playwright/test';

/**
 * Markup and script a visitor or a link might slip in. Each would set `window.__pwned`, open a
 * dialog or leave an element marked `data-pwned` if the page ever treated it as code.
 */
export const injectionPayloads = {
  'an <img onerror> tag': '<img src=x data-pwned onerror="window.__pwned=1">',
  'a <script> tag': '<script data-pwned>window.__pwned=1</script>',
  'a javascript: URL': 'javascript:window.__pwned=1;alert(1)//',
  'an attribute break-out': '"><svg data-pwned onload=alert(1)>',
} as const;

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** Starts watching `page` for injected code; the returned check fails if any ran or was rendered. */
export function watchForInjectedCode(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return async function expectNoInjectedCode() {
    expect(dialogs, 'dialogs opened by injected code').toEqual([]);
    expect(await page.evaluate(() => window.__pwned), 'window.__pwned set by injected code').toBeUndefined();
    await expect(page.locator('[data-pwned]'), 'elements built from injected markup').toHaveCount(0);
    expect(
      // Data blocks (the server's inlined remote map, type application/json) never run.
      await page.evaluate(
        () =>
          [...document.scripts].filter(
            (script) => /^(|module|text\/javascript)$/.test(script.type) && script.text.includes('__pwned'),
          ).length,
      ),
      'inline scripts carrying the payload',
    ).toBe(0);
  };
}
