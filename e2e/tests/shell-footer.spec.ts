import { expect, test } from '../support/fixtures.ts';
import { titles } from '../support/site.ts';

test('the footer has the logo and tagline, navigation, legal links and contact details', async ({ page }) => {
  await page.goto('/contact');
  const footer = page.getByRole('contentinfo');

  await expect(footer.getByRole('link', { name: 'Nova Reels' })).toHaveAttribute('href', '/');
  await expect(footer).toContainText('Your portal to futuristic fun in the world of social casino gaming.');

  const navigation = footer.getByRole('navigation', { name: 'Navigation' });
  await expect(navigation.getByRole('link')).toHaveText(['Home', 'Games', 'Contact']);
  await expect(navigation.getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/games');

  const legal = footer.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'href',
    '/terms-and-conditions',
  );
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');

  const contact = footer.getByRole('region', { name: 'Contact' });
  await expect(contact).toContainText('support@novareels.example');
  await expect(contact).toContainText('1-800-555-0142');
  await expect(contact.getByRole('link')).toHaveCount(0);
});

test('the copyright line has the year, brand, publisher and no-real-money notice', async ({ page }) => {
  await page.goto('/');
  const copyright = page.getByRole('contentinfo').getByText(/©/);
  await expect(copyright).toContainText(`© ${new Date().getFullYear()} Nova Reels`);
  await expect(copyright).toContainText('Published by Nova Reels Interactive');
  await expect(copyright).toContainText('no real-money gambling');
});

test('the footer links navigate within the portal', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(page).toHaveTitle(titles.privacy);
});

test('the decorative background is hidden from assistive technology', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('background')).toHaveAttribute('aria-hidden', 'true');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the background is still', async ({ page }) => {
    await page.goto('/');
    const running = await page
      .getByTestId('background')
      .evaluate(
        (background) => background.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length,
      );
    expect(running).toBe(0);
  });
});

test.describe('without reduced motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the background moves', async ({ page }) => {
    await page.goto('/');
    await expect
      .poll(() =>
        page.getByTestId('background').evaluate((background) => background.getAnimations({ subtree: true }).length),
      )
      .toBeGreaterThan(0);
  });
});
