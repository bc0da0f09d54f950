import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { openHomeWithAvatar } from '../support/home.ts';
import { expect, test } from '../support/fixtures.ts';

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`Home at ${viewport.width} px, avatar loaded: no serious or critical axe violations, no sideways scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openHomeWithAvatar(page);
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}
