import type { Page } from '@playwright/test';

/** The contact form's text fields, by label (the fourth, Subject, is a select). */
export const contactTextFields = ['Name', 'Email', 'Message'] as const;

export type ContactFieldLabel = (typeof contactTextFields)[number] | 'Subject';

/** The contact form on /contact. */
export const contactForm = (page: Page) => page.getByRole('form', { name: 'Send Us a Message' });

/** One of the contact form's fields, by its visible label. */
export const contactField = (page: Page, label: ContactFieldLabel) =>
  contactForm(page).getByLabel(label, { exact: true });

/** The form's submit button, whichever label it shows. */
export const sendButton = (page: Page) =>
  contactForm(page).getByRole('button', { name: /^(Send Message|Sending\.\.\.)$/ });
