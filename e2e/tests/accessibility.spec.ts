import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { titles } from '../support/site.ts';

// Home, the game page and the contact form are scanned in their slices' specs, in the states that
// matter there (avatar loaded, frame loaded, a limit passed, message sent); these are the rest.
const pages = [
  { path: '/games', title: titles.games },
  { path: '/terms-and-conditions', title: titles.terms },
  { path: '/privacy-policy', title: titles.privacy },
  { path: '/nope', title: titles.notFound },
];

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
