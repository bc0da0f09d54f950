import type { Page } from '@playwright/test';
import { persistedStateKey as storageKey, persistedStateVersion } from '@nova/store/persisted-state';
import { contactField, contactForm } from '../../support/contact.ts';
import { test as base, expect } from '../../support/fixtures.ts';
import { profileAvatar } from '../../support/home.ts';
import { playableDemo, slot, spinResult } from '../../support/provider.ts';
import { shellOrigin } from '../../support/site.ts';
import { injectionPayloads, watchForInjectedCode } from '../../support/injection.ts';

/** A host name that is not localhost, served over plain HTTP: the page is not a secure context. */
const plainHttpSite = `http://nova-reels.test:${new URL(shellOrigin).port}`;

// This file's browser resolves nova-reels.test to this machine, on top of the suite's launch options.
const test = base.extend<object, object>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP nova-reels.test 127.0.0.1'],
      });
    },
    { scope: 'worker' },
  ],
});

const typed = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Still here after the storage broke.' };
const fallback = (page: Page) => page.getByRole('heading', { name: 'This section is unavailable right now' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Collects console warnings: the faults below must pass silently, not only without errors. */
function consoleWarnings(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

async function typeDraft(page: Page) {
  for (const [label, text] of [
    ['Name', typed.name],
    ['Email', typed.email],
    ['Message', typed.message],
  ] as const) {
    await contactField(page, label).fill(text);
  }
  await contactField(page, 'Subject').selectOption({ label: 'Feedback' });
}

async function expectDraftShows(page: Page, draft: { name: string; email: string; message: string; subject: string }) {
  await expect(contactField(page, 'Name')).toHaveValue(draft.name);
  await expect(contactField(page, 'Email')).toHaveValue(draft.email);
  await expect(contactField(page, 'Subject')).toHaveValue(draft.subject);
  await expect(contactField(page, 'Message')).toHaveValue(draft.message);
}

const typedDraft = { ...typed, subject: 'feedback' };
const emptyDraft = { name: '', email: '', subject: '', message: '' };

/** Goes to Home and back to Contact by the header: Home's avatar (from the shared store) still draws. */
async function visitHomeAndComeBack(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(profileAvatar(page)).toBeVisible();
  await expect
    .poll(() => profileAvatar(page).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(180);
  await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(contactForm(page)).toBeVisible();
}

test("on plain HTTP under a host name other than localhost (no secure context) Home's avatar and Contact work", async ({
  page,
}) => {
  await page.goto(`${plainHttpSite}/`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined');

  const avatar = profileAvatar(page);
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(180);
  const firstAvatar = await avatar.getAttribute('src');
  await page.getByRole('button', { name: 'Generate New Avatar' }).click();
  await expect(avatar).not.toHaveAttribute('src', firstAvatar!);

  await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveTitle('Contact · Nova Reels');
  await typeDraft(page);
  await visitHomeAndComeBack(page);
  await expectDraftShows(page, typedDraft);
  await page.reload();
  await expectDraftShows(page, typedDraft);
  await expect(fallback(page)).toBeHidden();
  expect(page.url()).toBe(`${plainHttpSite}/contact`);
});

test('on a portal under another host name, the game frame plays: the provider accepts the portal origins it is configured for', async ({
  page,
}) => {
  await page.goto(`${plainHttpSite}/games/pug-life`);
  const demo = await playableDemo(page, 'Pug Life');
  await expect(slot(demo).heading).toHaveText('Pug Life');
  await slot(demo).spin.click();
  await expect(slot(demo).status).toHaveText(spinResult);
});

const brokenStorages = {
  'refuses access (SecurityError)': () => {
    for (const name of ['sessionStorage', 'localStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get: () => {
          throw new DOMException('Access to storage is denied.', 'SecurityError');
        },
      });
    }
  },
  'is full (QuotaExceededError on every write)': () => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  },
};

for (const [fault, breakStorage] of Object.entries(brokenStorages)) {
  test(`storage that ${fault}: typing keeps working, what was typed stays through navigation, silently`, async ({
    page,
  }) => {
    const warnings = consoleWarnings(page);
    await page.addInitScript(breakStorage);
    await page.goto('/contact');
    await typeDraft(page);
    await expectDraftShows(page, typedDraft);
    await visitHomeAndComeBack(page);
    await expectDraftShows(page, typedDraft);
    expect(warnings).toEqual([]);
  });
}

/** Puts `value` in the tab's storage under the store's key, then loads /contact afresh. */
async function openContactWithStored(page: Page, value: string) {
  await page.goto('/terms-and-conditions');
  await page.evaluate(([key, stored]) => sessionStorage.setItem(key!, stored!), [storageKey, value]);
  await page.goto('/contact');
  await expect(contactForm(page)).toBeVisible();
}

const unusableStoredValues = {
  'corrupt JSON': '{"state":{"contactDraft":{"name":"Ada',
  'an older version': JSON.stringify({
    state: { contactDraft: { ...typedDraft, name: 'Old shape' } },
    version: persistedStateVersion - 1,
  }),
  'a newer version': JSON.stringify({
    state: { contactDraft: { ...typedDraft, name: 'Future shape' } },
    version: persistedStateVersion + 1,
  }),
  'a foreign shape': JSON.stringify({
    state: { contactDraft: { name: ['Grace'], email: { ['__proto__']: { polluted: true } } } },
    version: persistedStateVersion,
  }),
  'a bare string': JSON.stringify('Hello from another app'),
};

for (const [kind, value] of Object.entries(unusableStoredValues)) {
  test(`stored draft holding ${kind}: dropped silently, the form starts empty and keeps what is typed next`, async ({
    page,
  }) => {
    const warnings = consoleWarnings(page);
    await openContactWithStored(page, value);
    await expectDraftShows(page, emptyDraft);
    expect(await page.evaluate(() => 'polluted' in {})).toBe(false);

    await typeDraft(page);
    await page.reload();
    await expectDraftShows(page, typedDraft);
    expect(warnings).toEqual([]);
  });
}

test('a stored draft holding markup in every field shows it as plain text, and none of it runs', async ({ page }) => {
  const expectNoInjectedCode = watchForInjectedCode(page);
  const markup = injectionPayloads['an <img onerror> tag'];
  const script = injectionPayloads['a <script> tag'];
  const draft = {
    name: markup,
    email: injectionPayloads['a javascript: URL'],
    subject: script,
    message: `${markup}${script}`,
  };
  await openContactWithStored(page, JSON.stringify({ state: { contactDraft: draft }, version: persistedStateVersion }));
  await expectDraftShows(page, { ...draft, subject: '' });
  await expectNoInjectedCode();
});
