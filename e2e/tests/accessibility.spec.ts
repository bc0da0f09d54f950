import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { routes } from '../support/site.ts';

const pages = [...routes, { path: '/nope', title: 'Page Not Found · Nova Reels' }];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, title } of pages) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page).toHaveTitle(title);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
