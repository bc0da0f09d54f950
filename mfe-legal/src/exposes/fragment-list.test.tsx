// @vitest-environment node
import { fragmentAddresses } from '@nova/render/fragment-list';
import { hydrationTestTimeout, renderThenHydrate } from '@nova/render/testing';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { fragments } from './fragment-list.ts';
import declared from './pages.json';

const pages = {
  TermsPage: () => import('./TermsPage.ts'),
  PrivacyPage: () => import('./PrivacyPage.ts'),
};

describe('the fragment list', () => {
  it('has both documents', () => {
    expect(fragmentAddresses('legal', fragments, declared).map(({ path, file }) => [path, file])).toEqual([
      ['/terms-and-conditions', 'TermsPage.json'],
      ['/privacy-policy', 'PrivacyPage.json'],
    ]);
  });
});

describe.each(fragmentAddresses('legal', fragments, declared))(
  'the fragment of $path',
  { timeout: hydrationTestTimeout },
  (address) => {
    it("hydrates as it was rendered: no mismatch, every element of the server's HTML kept", async () => {
      const page = await renderThenHydrate(pages[address.page as keyof typeof pages], address);
      expect(page.problems).toEqual([]);
      expect(page.replaced).toEqual([]);
      expect(within(page.slot).getByText('Last updated: June 15, 2025')).toBeVisible();
    });
  },
);
