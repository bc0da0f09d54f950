import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { titles } from '../support/site.ts';
import { stepEach } from '../support/visit.ts';

/** Payloads set this flag if any of them ever runs. */
const payload = 'window.pwned=1';

const ids = {
  unknown: 'mega-jackpot',
  'script markup': `<script>${payload}</script>`,
  'image markup': `<img src=x onerror="${payload}">`,
  'svg markup': `<svg onload="${payload}">`,
  'javascript: URL': `javascript:${payload}`,
  'very long': 'pug-life'.repeat(1_250),
  'encoded slashes': 'pug-life/../../contact',
  'encoded backslashes': '..\\..\\pug-life',
  'double-encoded slash': 'pug-life%2F..',
  'unicode look-alike hyphen': 'pug‐life',
  'right-to-left override': '\u202Eefil-gup',
  'zero-width space': 'pug-life\u200B',
  emoji: '🎰🎰🎰',
  'prototype key': '__proto__',
};

test('an id no game has: Game Not Found and nothing else, no script runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await stepEach(
    Object.entries(ids),
    ([kind]) => `${kind} id`,
    async ([, id]) => {
      const response = await page.goto(`/games/${encodeURIComponent(id)}`);
      // Composed on the server as it is: no soft 404, no spinner until the games slice loads.
      expect(response!.status()).toBe(404);
      expect(await response!.text()).toContain('>Game Not Found</h1>');

      const main = page.getByRole('main');
      await expect(page).toHaveTitle(titles.gameNotFound);
      await expect(main.getByRole('heading')).toHaveText(['Game Not Found']);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Game Not Found');
      await expect(main.getByRole('link')).toHaveText(['Back to Games']);
      await expect(main.getByRole('link')).toHaveAttribute('href', '/games');
      await expect(main.locator('iframe, img, svg, script')).toHaveCount(0);
      expect(await main.textContent()).not.toContain(id);

      expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
      expect(dialogs).toEqual([]);
    },
  );
});

test('Back to Games leads from Game Not Found to the collection', async ({ page }) => {
  await page.goto('/games/mega-jackpot');
  await page.getByRole('main').getByRole('link', { name: 'Back to Games' }).click();
  await expect(page).toHaveURL('/games');
  await expect(page).toHaveTitle(titles.games);
});

test('Game Not Found has no serious or critical axe violations', async ({ page }) => {
  await page.goto(`/games/${encodeURIComponent('<b>x</b>')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game Not Found');
  await expectNoSeriousA11yViolations(page);
});
