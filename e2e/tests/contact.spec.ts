import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { advanceUntilHidden, advanceUntilVisible, stopPageTime } from '../support/page-clock.ts';
import { contactField as field, contactForm as form, sendButton as submit } from '../support/contact.ts';
import { expect, test } from '../support/fixtures.ts';
import { titles } from '../support/site.ts';

const draft = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Technical Support',
  message: 'The Pug Life demo stops after the bonus round.',
};

const sent = (page: Page) => page.getByRole('heading', { name: 'Message Sent!' });
/** A message well over the length limit. */
const overLong = 'x'.repeat(6000);

/**
 * Opens /contact with the page's clock faked, then stops it.
 * (Loading a page needs timers: resume the clock before a reload or a first visit elsewhere.)
 */
async function openWithStoppedClock(page: Page, from = '/contact') {
  await page.clock.install();
  await page.goto(from);
  if (from !== '/contact')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(form(page)).toBeVisible();
  await stopPageTime(page);
}

/**
 * Moves the stopped page clock on until the send is over and its success shows (how long that
 * takes is the unit tests' business).
 */
const runUntilSent = (page: Page) => advanceUntilVisible(page, sent(page));

/**
 * Runs `work` (an axe scan, which sets timers of its own) while the stopped page clock creeps on
 * in steps of 10 ms: the page time that passes is the number of steps the scan lasts, a few
 * hundred milliseconds, so what shows for a few seconds is still there when the scan ends. (At
 * 100 ms a step, a scan in a quick browser on a busy machine outlasted the 5 s a success shows.)
 */
async function whilePageTimeCreeps(page: Page, work: () => Promise<void>) {
  let working = true;
  const done = work();
  done.then(
    () => (working = false),
    () => (working = false),
  );
  // The clock is the context's, and axe finishes its run in a blank page of its own that it then
  // closes: a step that races that closing fails ("Target page … closed"); the next one goes on.
  while (working) await page.clock.runFor(10).catch((error: Error) => expect(error.message).toContain('closed'));
  await done;
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

// The send's timings and words are the contact slice's unit tests'; this is the send in a browser.
test('a send: Sending..., then the success message with the focus on it and the form cleared, until it goes', async ({
  page,
}) => {
  await openWithStoppedClock(page);
  await fillForm(page);

  await submit(page).click();
  await expect(submit(page)).toHaveText('Sending...');
  await expect(submit(page)).toBeDisabled();
  await expect(sent(page)).toBeHidden();

  await runUntilSent(page);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(submit(page)).toHaveText('Send Message');
  await expect(submit(page)).toBeEnabled();
  await expectFormHolds(page, { name: '', email: '', subject: 'Select a subject', message: '' });
  await advanceUntilHidden(page, sent(page));

  // The cleared draft stays cleared when the page is loaded again.
  await page.reload();
  await expectFormHolds(page, { name: '', email: '', subject: 'Select a subject', message: '' });
});

test('the draft survives going to /games and back, and a reload of the tab', async ({ page }) => {
  await page.goto('/contact');
  await fillForm(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveTitle(titles.games);
  await nav.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveTitle(titles.contact);
  await expectFormHolds(page, draft);

  await page.reload();
  await expectFormHolds(page, draft);
});

// The limits and their words are the contact slice's unit tests'; this is what the browser does with them.
test('an over-long message keeps its text, says why, and blocks sending until shortened', async ({ page }) => {
  await openWithStoppedClock(page);
  await fillForm(page, { message: overLong });
  const why = page.getByRole('alert');
  await expect(why).toBeVisible();
  await expect(field(page, 'Message')).toHaveValue(overLong);
  await expect(field(page, 'Message')).toHaveAttribute('aria-invalid', 'true');

  await submit(page).click();
  await expect(field(page, 'Message')).toBeFocused();
  expect(await field(page, 'Message').evaluate((area: HTMLTextAreaElement) => area.validationMessage)).toBe(
    await why.textContent(),
  );
  await page.clock.runFor(2000);
  await expect(submit(page)).toHaveText('Send Message');
  await expect(sent(page)).toBeHidden();

  await field(page, 'Message').fill(draft.message);
  await expect(why).toBeHidden();
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
  await expect(page).toHaveTitle(titles.games);
  // Had the send kept running, it would have cleared the draft long before this.
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
    await fillForm(page, { message: overLong });
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await field(page, 'Message').fill(draft.message);
    await stopPageTime(page);
    await submit(page).click();
    await runUntilSent(page);
    await whilePageTimeCreeps(page, () => expectNoSeriousA11yViolations(page));
    await expect(sent(page), 'the scan ran while the success message showed').toBeVisible();
  });
}
