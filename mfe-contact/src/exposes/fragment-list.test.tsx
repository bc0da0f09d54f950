// @vitest-environment node
import type { ContactDraft } from '@nova/store';
import { persistedStateKey, persistedStateVersion } from '@nova/store/persisted-state';
import { fragmentAddresses } from '@nova/render/fragment-list';
import { hydrationTestTimeout, renderThenHydrate } from '@nova/render/testing';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { fragments } from './fragment-list.ts';
import pages from './pages.json';

const stored: ContactDraft = {
  name: 'Ada Stored',
  email: 'ada@example.com',
  subject: 'feedback',
  message: 'A stored message.',
};

/** Keeps a draft in the tab's session, as the store does. */
const storeDraft = (contactDraft: ContactDraft) =>
  sessionStorage.setItem(
    persistedStateKey,
    JSON.stringify({ state: { contactDraft }, version: persistedStateVersion }),
  );

const storedDraft = (): ContactDraft => JSON.parse(sessionStorage.getItem(persistedStateKey)!).state.contactDraft;

async function renderThenHydrateContact(beforeHydration?: () => void) {
  const [address] = fragmentAddresses('contact', fragments, pages);
  const page = await renderThenHydrate(() => import('./ContactPage.ts'), address!, { beforeHydration });
  const field = (label: string) => within(page.slot).getByLabelText<HTMLInputElement>(label);
  return { ...page, field };
}

describe('the fragment list', () => {
  it('has the contact page', () => {
    expect(fragmentAddresses('contact', fragments, pages).map(({ path, file }) => [path, file])).toEqual([
      ['/contact', 'ContactPage.json'],
    ]);
  });
});

describe("the contact page's fragment", { timeout: hydrationTestTimeout }, () => {
  it("hydrates as it was rendered: no mismatch, every element of the server's HTML kept", async () => {
    const page = await renderThenHydrateContact();
    expect(page.problems).toEqual([]);
    expect(page.replaced).toEqual([]);
    expect(within(page.slot).getByRole('form', { name: 'Send Us a Message' })).toBeVisible();
  });

  it('holds the empty form; a draft kept in the tab fills it in once the page runs, with no mismatch', async () => {
    const page = await renderThenHydrateContact(() => storeDraft(stored));
    expect(page.fragment.html).not.toContain('Ada Stored');
    expect(page.problems).toEqual([]);
    expect(page.replaced).toEqual([]);
    expect(page.field('Name')).toHaveValue(stored.name);
    expect(page.field('Email')).toHaveValue(stored.email);
    expect(page.field('Subject')).toHaveValue(stored.subject);
    expect(page.field('Message')).toHaveValue(stored.message);
  });

  it('keeps what the visitor typed before the page ran, ahead of the kept draft, and keeps it in the tab', async () => {
    const page = await renderThenHydrateContact(() => {
      storeDraft(stored);
      const form = document.querySelector('form')!;
      form.querySelector<HTMLInputElement>('[name=name]')!.value = 'Grace Typed';
      form.querySelector<HTMLSelectElement>('[name=subject]')!.value = 'support';
      form.querySelector<HTMLTextAreaElement>('[name=message]')!.value = 'Typed while it loaded.';
    });
    expect(page.problems).toEqual([]);
    const typedThenStored = { ...stored, name: 'Grace Typed', subject: 'support', message: 'Typed while it loaded.' };
    expect(page.field('Name')).toHaveValue(typedThenStored.name);
    expect(page.field('Email')).toHaveValue(typedThenStored.email);
    expect(page.field('Subject')).toHaveValue(typedThenStored.subject);
    expect(page.field('Message')).toHaveValue(typedThenStored.message);
    expect(storedDraft()).toEqual(typedThenStored);
  });
});
