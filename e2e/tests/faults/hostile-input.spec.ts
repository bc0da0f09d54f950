import type { Page } from '@playwright/test';
import { stopPageTime } from '../../support/page-clock.ts';
import { contactField, contactForm, contactTextFields, sendButton } from '../../support/contact.ts';
import { expect, test } from '../../support/fixtures.ts';
import { injectionPayloads, watchForInjectedCode } from '../../support/injection.ts';

/** Text a visitor might type or paste, none of which may break the form or run. */
const hostileTexts = {
  ...injectionPayloads,
  'a right-to-left override (U+202E)': '\u202eAda Lovelace',
  'zero-width characters': 'A\u200bd\u200ca\u200d\u2060\ufeff',
  'a NUL character (U+0000)': 'Ada\u0000Lovelace',
  'astral emoji (a unicorn, a flag, a family, a skin tone)': '🦄 Ada 🇫🇷👨‍👩‍👧‍👦👍🏽',
};

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Leaves for Games by the header (the rest of the site works) and comes back to the form. */
async function leaveAndComeBack(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Games', exact: true }).click();
  await expect(page).toHaveTitle('Games · Nova Reels');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(contactForm(page)).toBeVisible();
}

/** Compares without printing 200,000 characters when it fails. */
async function expectFieldHolds(page: Page, label: (typeof contactTextFields)[number], text: string) {
  const value = await contactField(page, label).inputValue();
  expect(value.length, `length of ${label}`).toBe(text.length);
  expect(value === text, `${label} holds exactly what was typed`).toBe(true);
}

async function expectEveryFieldHolds(page: Page, text: string) {
  for (const label of contactTextFields) await expectFieldHolds(page, label, text);
}

for (const [kind, text] of Object.entries(hostileTexts)) {
  test(`${kind} in every contact field stays plain text, kept as typed across navigation and reload`, async ({
    page,
  }) => {
    const expectNoInjectedCode = watchForInjectedCode(page);
    await page.goto('/contact');
    for (const label of contactTextFields) await contactField(page, label).fill(text);
    await expectEveryFieldHolds(page, text);

    await leaveAndComeBack(page);
    await expectEveryFieldHolds(page, text);
    await page.reload();
    await expectEveryFieldHolds(page, text);
    await expectNoInjectedCode();
  });
}

test('markup in the name and message is sent like any other text, and nothing of it runs', async ({ page }) => {
  const expectNoInjectedCode = watchForInjectedCode(page);
  const markup = Object.values(injectionPayloads).join(' ');
  await page.clock.install();
  await page.goto('/contact');
  await contactField(page, 'Name').fill(injectionPayloads['an <img onerror> tag']);
  await contactField(page, 'Email').fill('ada@example.com');
  await contactField(page, 'Subject').selectOption({ label: 'Feedback' });
  await contactField(page, 'Message').fill(markup);
  await stopPageTime(page);

  await sendButton(page).click();
  await expect(sendButton(page)).toHaveText('Sending...');
  await page.clock.runFor(1500);
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  await expect(contactField(page, 'Message')).toHaveValue('');
  await expectNoInjectedCode();
});

test("markup in the e-mail field gets the browser's clear e-mail message and blocks the send; the text is kept", async ({
  page,
}) => {
  const expectNoInjectedCode = watchForInjectedCode(page);
  const payload = injectionPayloads['a javascript: URL'];
  await page.goto('/contact');
  await contactField(page, 'Name').fill('Ada');
  await contactField(page, 'Email').fill(payload);
  await contactField(page, 'Subject').selectOption({ label: 'Feedback' });
  await contactField(page, 'Message').fill('Hello');

  await sendButton(page).click();
  await expect(contactField(page, 'Email')).toBeFocused();
  expect(await contactField(page, 'Email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(
    true,
  );
  await expect(sendButton(page)).toHaveText('Send Message');
  await expect(contactField(page, 'Email')).toHaveValue(payload);
  await expectNoInjectedCode();
});

for (const label of ['Name', 'Message'] as const) {
  test(`a ${label.toLowerCase()} of nothing but invisible characters (zero-width, U+202E, NUL) blocks the send and says why`, async ({
    page,
  }) => {
    const invisible = '\u200b\u202e\u0000\ufeff';
    await page.goto('/contact');
    await contactField(page, 'Name').fill('Ada');
    await contactField(page, 'Email').fill('ada@example.com');
    await contactField(page, 'Subject').selectOption({ label: 'Feedback' });
    await contactField(page, 'Message').fill('Hello');
    await contactField(page, label).fill(invisible);

    await sendButton(page).click();
    await expect(contactField(page, label)).toBeFocused();
    expect(await contactField(page, label).evaluate((control: HTMLInputElement) => control.validationMessage)).toBe(
      `Please fill in ${label.toLowerCase()}: spaces or invisible characters alone are not enough.`,
    );
    await expect(sendButton(page)).toHaveText('Send Message');
    await expectFieldHolds(page, label, invisible);
  });
}

test('a 200,000-character paste into every field is kept whole, says it is too long, and the page keeps up', async ({
  page,
}) => {
  const huge = `${'0123456789'.repeat(19_999)}🦄🇫🇷👨‍👩‍👧‍👦 Ada 😀.`; // 200,000 as seen
  const limits = { Name: '100', Email: '254', Message: '5,000' } as const;
  await page.goto('/contact');
  for (const label of contactTextFields) {
    // A paste arrives as one insertion of the whole text.
    await contactField(page, label).focus();
    await page.keyboard.insertText(huge);
  }
  await expectEveryFieldHolds(page, huge);
  for (const label of contactTextFields) {
    await expect(contactForm(page).getByText(`200,000 of ${limits[label]} characters`)).toBeVisible();
    await expect(
      contactForm(page)
        .getByRole('alert')
        .filter({ hasText: `${label} is too long` }),
    ).toHaveText(`${label} is too long: please keep it to ${limits[label]} characters or fewer.`);
  }

  // Still answering: one more key is counted at once.
  await contactField(page, 'Message').press('End');
  await contactField(page, 'Message').pressSequentially('!');
  await expect(contactForm(page).getByText('200,001 of 5,000 characters')).toBeVisible();

  await sendButton(page).click();
  await expect(contactField(page, 'Name')).toBeFocused();
  await expect(sendButton(page)).toHaveText('Send Message');

  await leaveAndComeBack(page);
  await expectFieldHolds(page, 'Name', huge);
  await expectFieldHolds(page, 'Message', `${huge}!`);
  await expect(contactForm(page).getByRole('alert')).toHaveCount(3);
});
