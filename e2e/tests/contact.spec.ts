import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { stopClock } from '../support/clock.ts';
import { contactField as field, contactForm as form, sendButton as submit } from '../support/contact.ts';
import { expect, test } from '../support/fixtures.ts';

const draft = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Technical Support',
  message: 'The Pug Life demo stops after the bonus round.',
};

const sent = (page: Page) => page.getByRole('heading', { name: 'Message Sent!' });
const tooLong = 'Message is too long: please keep it to 5,000 characters or fewer.';

/**
 * Opens /contact with the page's clock faked, then stops it.
 * (Loading a page needs timers: resume the clock before a reload or a first visit elsewhere.)
 */
async function openWithStoppedClock(page: Page, from = '/contact') {
  await page.clock.install();
  await page.goto(from);
  if (from !== '/contact') await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(form(page)).toBeVisible();
  await stopClock(page);
}

async function fillForm(page: Page, values: Partial<typeof draft> = draft) {
  const { name, email, subject, message } = { ...draft, ...values };
  await field(page, 'Name').fill(name);
  await field(page, 'Email').fill(email);
  await field(page, 'Subject').selectOption({ label: subject });
  await field(page, 'Message').fill(message);
}

async function expectFormHolds(page: Page, values: typeof draft) {
  await expect(field(page, 'Name')).toHaveValue(values.name);
  await expect(field(page, 'Email')).toHaveValue(values.email);
  await expect(field(page, 'Subject').locator('option:checked')).toHaveText(values.subject);
  await expect(field(page, 'Message')).toHaveValue(values.message);
}

test('the page: title, labelled required fields, subjects and the support panel', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact · Nova Reels');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  for (const label of ['Name', 'Email', 'Subject', 'Message'] as const) {
    await expect(form(page).getByText(label, { exact: true })).toBeVisible();
    await expect(field(page, label)).toHaveAttribute('required');
  }
  await expect(field(page, 'Email')).toHaveAttribute('type', 'email');
  await expect(field(page, 'Message')).toHaveAttribute('rows', '6');
  await expect(field(page, 'Subject').locator('option')).toHaveText([
    'Select a subject',
    'General Inquiry',
    'Technical Support',
    'Feedback',
    'Partnership Opportunity',
  ]);

  const support = page.getByRole('region', { name: 'Support' });
  await expect(support.getByRole('link', { name: 'support@novareels.example' })).toBeVisible();
  await expect(support.getByRole('link', { name: '1-800-555-0142' })).toBeVisible();
  await expect(support).toContainText('24/7 Support');
});

test('empty required fields and a malformed e-mail address block submission', async ({ page }) => {
  await openWithStoppedClock(page);

  await submit(page).click();
  await expect(field(page, 'Name')).toBeFocused();
  expect(await field(page, 'Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(submit(page)).toHaveText('Send Message');

  await fillForm(page, { email: 'ada-at-example.com' });
  await submit(page).click();
  await expect(field(page, 'Email')).toBeFocused();
  expect(await field(page, 'Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  await expect(submit(page)).toHaveText('Send Message');

  await page.clock.runFor(2000);
  await expect(sent(page)).toBeHidden();
  await expect(field(page, 'Email')).toHaveValue('ada-at-example.com');
});

test('a send goes idle → Sending... → Message Sent! at 1.5 s → idle 5 s later, and clears the form', async ({ page }) => {
  await openWithStoppedClock(page);
  await fillForm(page);

  await submit(page).click();
  await expect(submit(page)).toHaveText('Sending...');
  await expect(submit(page)).toBeDisabled();
  await page.clock.runFor(1499);
  await expect(submit(page)).toHaveText('Sending...');
  await expect(sent(page)).toBeHidden();

  await page.clock.runFor(1);
  await expect(sent(page)).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    "Thank you for reaching out. We'll get back to you as soon as possible.",
  );
  await expect(page.getByRole('status')).toBeFocused();
  await expect(submit(page)).toHaveText('Send Message');
  await expect(submit(page)).toBeEnabled();
  await expectFormHolds(page, { name: '', email: '', subject: 'Select a subject', message: '' });

  await page.clock.runFor(4999);
  await expect(sent(page)).toBeVisible();
  await page.clock.runFor(1);
  await expect(sent(page)).toBeHidden();

  // The cleared draft stays cleared when the page is loaded again.
  await page.clock.resume();
  await page.reload();
  await expectFormHolds(page, { name: '', email: '', subject: 'Select a subject', message: '' });
});

test('the draft survives going to /games and back, and a reload of the tab', async ({ page }) => {
  await page.goto('/contact');
  await fillForm(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveTitle('Games · Nova Reels');
  await nav.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveTitle('Contact · Nova Reels');
  await expectFormHolds(page, draft);

  await page.reload();
  await expectFormHolds(page, draft);
});

test('an over-long message keeps its text, gets a clear message, and blocks sending until shortened', async ({ page }) => {
  await openWithStoppedClock(page);
  await fillForm(page, { message: 'x'.repeat(4499) });
  await expect(form(page).getByText('of 5,000 characters')).toBeHidden();

  await field(page, 'Message').press('End');
  await field(page, 'Message').pressSequentially('x');
  await expect(form(page).getByText('4,500 of 5,000 characters')).toBeVisible();

  const overLong = 'x'.repeat(5001);
  await field(page, 'Message').fill(overLong);
  await expect(page.getByRole('alert')).toHaveText(tooLong);
  await expect(form(page).getByText('5,001 of 5,000 characters')).toBeVisible();
  await expect(field(page, 'Message')).toHaveValue(overLong);
  await expect(field(page, 'Message')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Message')).toHaveAccessibleDescription(`5,001 of 5,000 characters ${tooLong}`);

  await submit(page).click();
  await expect(field(page, 'Message')).toBeFocused();
  expect(await field(page, 'Message').evaluate((area: HTMLTextAreaElement) => area.validationMessage)).toBe(tooLong);
  await page.clock.runFor(2000);
  await expect(submit(page)).toHaveText('Send Message');
  await expect(sent(page)).toBeHidden();

  await field(page, 'Message').press('End');
  await field(page, 'Message').press('Backspace');
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(field(page, 'Message')).not.toHaveAttribute('aria-invalid');
  await submit(page).click();
  await expect(submit(page)).toHaveText('Sending...');
});

test('leaving while sending cancels the send: no warning, and the draft is still there on return', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // Games is loaded first, so going back to it needs no time to pass.
  await openWithStoppedClock(page, '/games');
  await fillForm(page);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Sending...');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveTitle('Games · Nova Reels');
  // Had the send kept running, it would have cleared the draft at 1.5 s.
  await page.clock.runFor(10_000);
  await nav.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(form(page)).toBeVisible();
  await expectFormHolds(page, draft);
  await expect(submit(page)).toHaveText('Send Message');
  await expect(sent(page)).toBeHidden();
  expect(warnings).toEqual([]);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px: no serious axe violations with a limit passed or on success`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openWithStoppedClock(page);
    // axe schedules its own timers, so each scan runs with the clock going again.
    await page.clock.resume();
    await fillForm(page, { message: 'x'.repeat(5001) });
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await field(page, 'Message').fill(draft.message);
    await stopClock(page);
    await submit(page).click();
    await page.clock.runFor(1500);
    await expect(sent(page)).toBeVisible();
    await page.clock.resume();
    await expectNoSeriousA11yViolations(page);
    await expect(sent(page), 'the scan ran while the success message showed').toBeVisible();
  });
}
