import { expect, test } from '../support/fixtures.ts';

const documents = [
  {
    path: '/terms-and-conditions',
    heading: 'Terms and Conditions',
    sections: [
      'Introduction',
      'Eligibility',
      'Account Registration',
      'Virtual Currency',
      'User Conduct',
      'Intellectual Property',
      'Disclaimer of Warranties',
      'Limitation of Liability',
      'Changes to Terms',
    ],
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    sections: [
      'Introduction',
      'Information We Collect',
      'How We Use Your Information',
      'Disclosure',
      'Data Security',
      'Your Choices',
      "Children's Privacy",
      'Changes',
    ],
  },
];

for (const { path, heading, sections } of documents) {
  test(`${heading}: last updated June 15, 2025, with its ${sections.length} sections in order`, async ({ page }) => {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(main.getByText('Last updated: June 15, 2025')).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(
      sections.map((section, index) => `${index + 1}. ${section}`),
    );
  });
}

test('the terms state the age limit, virtual currency and no real-money gambling', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  const main = page.getByRole('main');
  await expect(main).toContainText('aged 18 or older');
  await expect(main).toContainText('virtual currency with no monetary value');
  await expect(main).toContainText('no real-money gambling');
});

test('the privacy policy says the contact draft stays in the tab and under-18s are not addressed', async ({ page }) => {
  await page.goto('/privacy-policy');
  const main = page.getByRole('main');
  await expect(main).toContainText("session storage");
  await expect(main).toContainText('not directed at anyone under 18');
});
