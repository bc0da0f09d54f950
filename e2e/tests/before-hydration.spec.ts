import { untilLiveRecordName, type UntilLiveRecord } from '@nova/contracts/until-live';
import type { Page } from '@playwright/test';
import { contactField, contactForm, sendButton } from '../support/contact.ts';
import { shippedRemotes } from '../support/deployments.ts';
import { expect, test } from '../support/fixtures.ts';
import { gate } from '../support/gate.ts';
import { demoIn } from '../support/provider.ts';

// The page works from its first paint: what the server's HTML does before the page's script runs.

/** Lighthouse's "slow 4G" mobile network, as the benchmark emulates it. */
const slowNetwork = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function onSlowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slowNetwork);
}

/** Holds every file of a slice until the test opens the gate: the page stays as the server sent it. */
async function holdSlice(page: Page, slice: keyof typeof shippedRemotes) {
  const release = gate();
  const origin = new URL(shippedRemotes[slice]).origin;
  await page.route(`${origin}/**`, async (route) => {
    await release.opened;
    await route.continue();
  });
  return release;
}

/** Opens a page as it arrives, without waiting for its script. */
async function openServerHtml(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  return response!;
}

const typed = {
  Name: 'Ada Lovelace',
  Email: 'ada@example.com',
  Message: 'The Pug Life demo stops after the bonus round.',
};

async function fillContactForm(page: Page) {
  for (const [label, value] of Object.entries(typed)) await contactField(page, label as keyof typeof typed).fill(value);
  await contactField(page, 'Subject').selectOption('Technical Support');
}

async function expectTypedKept(page: Page) {
  for (const [label, value] of Object.entries(typed))
    await expect(contactField(page, label as keyof typeof typed)).toHaveValue(value);
  await expect(contactField(page, 'Subject').locator('option:checked')).toHaveText('Technical Support');
}

test.describe('on the slow network, before the page is live', () => {
  test('Send holds the message: nothing in the address, what was typed kept, sent once the page is live', async ({
    page,
  }) => {
    await onSlowNetwork(page);
    const release = await holdSlice(page, 'contact');
    const carryingFields: string[] = [];
    page.on('request', (request) => {
      if (`${request.url()} ${request.postData() ?? ''}`.includes('Lovelace')) carryingFields.push(request.url());
    });
    await openServerHtml(page, '/contact');
    await fillContactForm(page);
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true');
    // Enter in a field submits, as an autofilled form does; the button waits, and a press of it too.
    await contactField(page, 'Email').press('Enter');
    await sendButton(page).click({ force: true });

    // The document holds it for the page.
    expect(
      await contactForm(page).evaluate(
        (form, record) =>
          (window as unknown as Record<string, UntilLiveRecord>)[record]!.heldSubmits.has(form as HTMLFormElement),
        untilLiveRecordName,
      ),
    ).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect(page.url()).toMatch(/\/contact$/);
    await expectTypedKept(page);

    release.open();
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible({ timeout: 30_000 });
    expect(page.url()).toMatch(/\/contact$/);
    await expect(contactField(page, 'Name')).toHaveValue('');
    expect(carryingFields).toEqual([]);
  });

  test('the game frame is in the HTML: the demo plays before the page is live, whose loading state then ends', async ({
    page,
  }) => {
    await onSlowNetwork(page);
    const release = await holdSlice(page, 'games');
    const response = await openServerHtml(page, '/games/pug-life');
    expect(await response.text()).toMatch(/<iframe [^>]*title="Pug Life demo"/);
    await expect(demoIn(page, 'Pug Life').getByRole('button', { name: 'Spin' })).toBeVisible({ timeout: 30_000 });
    // The page's script has not run: the loading state is still announced behind the demo.
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading the demo…');
    await expect(page.getByRole('button', { name: 'Play Full Screen' })).toHaveAttribute('aria-disabled', 'true');

    release.open();
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Play Full Screen' })).not.toHaveAttribute('aria-disabled');
  });
});

test.describe('with scripts blocked', () => {
  test.use({ javaScriptEnabled: false });

  test.describe('on a small screen', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the menu opens and closes, and its Login opens the dialog, which closes', async ({ page }) => {
      await openServerHtml(page, '/terms-and-conditions');
      const menu = page.getByRole('button', { name: 'Menu' });
      const panel = page.locator('#mobile-menu');
      await expect(panel).toBeHidden();
      await menu.click();
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link')).toHaveText(['Home', 'Games', 'Contact']);

      await panel.getByRole('button', { name: 'Login' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign-in is coming soon' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await menu.click();
      await expect(panel).toBeHidden();
    });
  });

  test('Login opens its dialog', async ({ page }) => {
    await openServerHtml(page, '/games');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign-in is coming soon' })).toBeVisible();
  });

  test('Start Playing reaches the featured games', async ({ page }) => {
    await openServerHtml(page, '/');
    await page.getByRole('link', { name: 'Start Playing' }).click();
    await expect(page.getByRole('heading', { name: 'Featured Games' })).toBeInViewport();
  });

  test('what needs the script says it waits: Generate New Avatar, Play Full Screen, Send Message', async ({ page }) => {
    await openServerHtml(page, '/');
    await expect(page.getByRole('button', { name: 'Generate New Avatar' })).toHaveAttribute('aria-disabled', 'true');
    await openServerHtml(page, '/games/pug-life');
    await expect(page.getByRole('button', { name: 'Play Full Screen' })).toHaveAttribute('aria-disabled', 'true');
    await openServerHtml(page, '/contact');
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true');
  });

  test('Send goes nowhere: no field in the address, what was typed stays', async ({ page }) => {
    await openServerHtml(page, '/contact');
    await fillContactForm(page);
    await contactField(page, 'Email').press('Enter');
    await sendButton(page).click({ force: true });
    expect(page.url()).toMatch(/\/contact$/);
    await expectTypedKept(page);
  });

  test('an unknown game is Game Not Found in the HTML, with 404', async ({ page }) => {
    const response = await openServerHtml(page, '/games/mega-jackpot');
    expect(response.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game Not Found');
  });
});
