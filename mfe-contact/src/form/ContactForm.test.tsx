import { act, fireEvent, render, screen } from '@testing-library/react';
import { emptyContactDraft, usePortalStore, type ContactDraft } from '@nova/store';
import { persistedStateKey } from '@nova/store/persisted-state';
import { Providers } from '@nova/ui/providers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendDelayMs, successShownMs } from '../send/useSimulatedSend.ts';
import { formatCount } from './contact-limits.ts';
import { ContactForm } from './ContactForm.tsx';

const filled: ContactDraft = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'feedback',
  message: 'The reels are lovely.',
};

const draft = () => usePortalStore.getState().contactDraft;
const storedDraft = () => JSON.parse(sessionStorage.getItem(persistedStateKey)!).state.contactDraft;
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const submitButton = () => screen.getByRole('button', { name: /Send Message|Sending\.\.\./ });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** A click on the submit button: the browser (here jsdom) checks the fields before it submits. */
const clickSubmit = () => fireEvent.click(submitButton());

/** The click started nothing: the button still reads Send Message and no success follows. */
function expectSubmissionBlocked() {
  expect(submitButton()).toHaveTextContent('Send Message');
  advance(sendDelayMs);
  expect(screen.queryByText('Message Sent!')).not.toBeInTheDocument();
}

function renderForm(startWith: Partial<ContactDraft> = {}) {
  usePortalStore.setState({ contactDraft: { ...emptyContactDraft, ...startWith } });
  return render(
    <Providers>
      <ContactForm />
    </Providers>,
  );
}

describe('ContactForm', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('its fields', () => {
    it('has four required fields with visible labels', () => {
      renderForm();
      expect(field('Name')).toHaveAttribute('type', 'text');
      expect(field('Email')).toHaveAttribute('type', 'email');
      expect(field('Subject').tagName).toBe('SELECT');
      expect(field('Message').tagName).toBe('TEXTAREA');
      expect(field('Message')).toHaveAttribute('rows', '6');
      for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(field(label)).toBeRequired();
    });

    it('offers the empty option, then the four subjects', () => {
      renderForm();
      const options = screen.getAllByRole('option') as HTMLOptionElement[];
      expect(options.map((option) => [option.value, option.text])).toEqual([
        ['', 'Select a subject'],
        ['general', 'General Inquiry'],
        ['support', 'Technical Support'],
        ['feedback', 'Feedback'],
        ['partnership', 'Partnership Opportunity'],
      ]);
    });

    it('never cuts what is typed: no maxLength on any field', () => {
      renderForm();
      for (const label of ['Name', 'Email', 'Message']) expect(field(label)).not.toHaveAttribute('maxlength');
    });
  });

  describe('the kept draft', () => {
    it('keeps what is typed in the shared store and the tab session', () => {
      renderForm();
      type('Name', 'Ada');
      type('Email', 'ada@example.com');
      type('Subject', 'support');
      type('Message', 'Hi');
      expect(draft()).toEqual({ name: 'Ada', email: 'ada@example.com', subject: 'support', message: 'Hi' });
      expect(storedDraft()).toEqual(draft());
    });

    it('shows a kept draft when the form mounts again', () => {
      const { unmount } = renderForm(filled);
      unmount();
      render(
        <Providers>
          <ContactForm />
        </Providers>,
      );
      expect(field('Name')).toHaveValue(filled.name);
      expect(field('Email')).toHaveValue(filled.email);
      expect(field('Subject')).toHaveValue(filled.subject);
      expect(field('Message')).toHaveValue(filled.message);
    });

    it('shows a kept subject that is not on the list as unselected', () => {
      renderForm({ subject: 'bribe' });
      expect(field('Subject')).toHaveValue('');
    });
  });

  describe('sending', () => {
    it.each([
      ['an empty required field', { subject: '' }, 'Subject'],
      ['a malformed e-mail address', { email: 'ada-at-example' }, 'Email'],
    ] as const)('blocks submission with %s and keeps what was typed', (_, change, label) => {
      renderForm({ ...filled, ...change });
      clickSubmit();
      expect(field(label)).toBeInvalid();
      expectSubmissionBlocked();
      expect(draft()).toEqual({ ...filled, ...change });
    });

    it('while sending: the submit control is disabled and reads Sending..., the fields are locked', () => {
      renderForm(filled);
      clickSubmit();
      expect(submitButton()).toBeDisabled();
      expect(submitButton()).toHaveTextContent('Sending...');
      expect(field('Message')).toBeDisabled();
      expect(screen.getByRole('status')).not.toBeEmptyDOMElement();
    });

    // The send's timings are useSimulatedSend's, its words SendOutcome's: here, that the form follows them.
    it('when the send succeeds the button is ready again and the outcome shows, until the form goes idle', () => {
      renderForm(filled);
      clickSubmit();
      advance(sendDelayMs);
      expect(submitButton()).toHaveTextContent('Send Message');
      expect(submitButton()).toBeEnabled();
      expect(field('Message')).toBeEnabled();
      expect(screen.getByText('Message Sent!')).toBeInTheDocument();

      advance(successShownMs);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });

    it('success clears every field and the kept draft, and moves focus to the message', () => {
      renderForm(filled);
      clickSubmit();
      advance(sendDelayMs);
      for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(field(label)).toHaveValue('');
      expect(draft()).toEqual(emptyContactDraft);
      expect(storedDraft()).toEqual(emptyContactDraft);
      expect(screen.getByRole('status')).toHaveFocus();
    });

    it('leaving while sending leaves no timer and keeps the draft', () => {
      const { unmount } = renderForm(filled);
      const othersPending = vi.getTimerCount(); // React's own scheduling, not the form's
      clickSubmit();
      expect(vi.getTimerCount()).toBe(othersPending + 1);
      unmount();
      expect(vi.getTimerCount()).toBe(othersPending);
      vi.advanceTimersByTime(10_000);
      expect(draft()).toEqual(filled);
    });
  });

  describe('length limits and blank fields', () => {
    it.each([
      ['Name', 100, 'name'],
      ['Email', 254, 'email'],
    ] as const)(
      '%s: %i characters is fine; one more gets a clear message and blocks submission',
      (label, limit, key) => {
        const atLimit = key === 'email' ? `${'a'.repeat(limit - 12)}@example.com` : 'a'.repeat(limit);
        renderForm({ ...filled, [key]: atLimit });
        expect(field(label)).toBeValid();
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();

        type(label, `${atLimit}a`);
        const message = `${label} is too long: please keep it to ${limit} characters or fewer.`;
        expect(screen.getByRole('alert')).toHaveTextContent(message);
        expect(field(label)).toHaveValue(`${atLimit}a`);
        expect(field(label)).toBeInvalid();
        expect(field(label)).toHaveAttribute('aria-invalid', 'true');
        expect(field(label)).toHaveAccessibleDescription(`${limit + 1} of ${limit} characters ${message}`);
        expect(field(label).validationMessage).toBe(message);
      },
    );

    it.each([
      ['Name', '   '],
      ['Message', '   '],
      ['Name', '\u200b\u200d\u202e'],
      ['Message', '\n\u0000\ufeff'],
    ])('%s of nothing visible (%j) blocks submission and says why', (label, blank) => {
      renderForm({ ...filled, [label.toLowerCase()]: blank });
      expect(field(label)).toBeInvalid();
      expect(field(label).validationMessage).toBe(
        `Please fill in ${label.toLowerCase()}: spaces or invisible characters alone are not enough.`,
      );
      clickSubmit();
      expectSubmissionBlocked();

      type(label, ' Ada ');
      expect(field(label)).toBeValid();
      clickSubmit();
      expect(submitButton()).toHaveTextContent('Sending...');
    });

    it.each([
      ['Name', 100, 'name', (n: number) => '👨‍👩‍👧‍👦'.repeat(n)],
      ['Email', 254, 'email', (n: number) => `${'e\u0301'.repeat(n - 12)}@example.com`],
      ['Message', 5000, 'message', (n: number) => '🦄'.repeat(n)],
    ] as const)(
      '%s counts characters as the visitor sees them: %i is fine, one more is too long',
      (label, limit, key, text) => {
        renderForm({ ...filled, [key]: text(limit) });
        expect(text(limit).length).toBeGreaterThan(limit);
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        expect(field(label)).not.toHaveAttribute('aria-invalid');

        type(label, text(limit + 1));
        expect(screen.getByRole('alert')).toHaveTextContent(`${label} is too long`);
        expect(screen.getByText(`${formatCount(limit + 1)} of ${formatCount(limit)} characters`)).toBeInTheDocument();
        expect(field(label)).toHaveValue(text(limit + 1));
      },
    );

    it('4,990 emoji are under the message limit and counted one each; 5,001 are over', () => {
      renderForm({ ...filled, message: '😀'.repeat(4990) });
      expect(screen.getByText('4,990 of 5,000 characters')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(field('Message')).toBeValid();

      type('Message', '😀'.repeat(5001));
      expect(screen.getByText('5,001 of 5,000 characters')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Message is too long: please keep it to 5,000 characters or fewer.',
      );
      expect(field('Message')).toHaveValue('😀'.repeat(5001));
      clickSubmit();
      expectSubmissionBlocked();
    });

    it('while a field is over its limit, the browser does not check the form: the send is blocked and that field takes the focus', () => {
      renderForm({ ...filled, name: '', email: 'x'.repeat(255) });
      const form = screen.getByRole('form', { name: 'Send Us a Message' });
      expect(form).toHaveAttribute('novalidate');
      clickSubmit();
      expect(field('Email')).toHaveFocus();
      expectSubmissionBlocked();

      type('Email', filled.email);
      expect(form).not.toHaveAttribute('novalidate');
      clickSubmit();
      expect(field('Name')).toBeInvalid();
      expectSubmissionBlocked();
    });

    it('the counter counts a letter and its accent, a flag and a family as one character each', () => {
      renderForm({ message: `${'e\u0301'.repeat(4497)}🇫🇷👨‍👩‍👧‍👦😀` });
      expect(screen.getByText('4,500 of 5,000 characters')).toBeInTheDocument();
    });

    it('the message shows a counter from 4,500 characters on', () => {
      renderForm({ message: 'a'.repeat(4499) });
      expect(screen.queryByText(/of 5,000 characters/)).not.toBeInTheDocument();
      expect(field('Message')).not.toHaveAttribute('aria-describedby');

      type('Message', 'a'.repeat(4500));
      expect(screen.getByText('4,500 of 5,000 characters')).toBeInTheDocument();
      expect(field('Message')).toHaveAccessibleDescription('4,500 of 5,000 characters');
      expect(field('Message')).toBeValid();
    });

    it('an over-long message keeps its text, gets its message, and can be sent once shortened', () => {
      renderForm({ ...filled, message: 'a'.repeat(5000) });
      expect(field('Message')).toBeValid();

      type('Message', `${'a'.repeat(5000)}bc`);
      expect(field('Message')).toHaveValue(`${'a'.repeat(5000)}bc`);
      expect(draft().message).toHaveLength(5002);
      expect(screen.getByText('5,002 of 5,000 characters')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Message is too long: please keep it to 5,000 characters or fewer.',
      );

      clickSubmit();
      expect(field('Message')).toHaveFocus();
      expectSubmissionBlocked();

      type('Message', 'a'.repeat(5000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(field('Message')).toBeValid();
      clickSubmit();
      expect(submitButton()).toHaveTextContent('Sending...');
    });
  });
});
