import styled from '@emotion/styled';
import { usePortalStore, type ContactDraft } from '@nova/store';
import { submitsWhenLive } from '@nova/contracts/until-live';
import { useHydrated } from '@nova/ui/hydrated';
import { ScriptButton } from '@nova/ui/script-button';
import { useRef, type FormEvent } from 'react';
import { SendOutcome } from '../send/SendOutcome.tsx';
import { useSimulatedSend } from '../send/useSimulatedSend.ts';
import { countCharacters } from './characters.ts';
import { lengthLimits, messageCounterFrom } from './contact-limits.ts';
import { SubjectField } from './SubjectField.tsx';
import { TextField } from './TextField.tsx';
import { useKeepTypedBeforeHydration, useSubmitHeldBeforeHydration } from './typed-before-hydration.ts';

const Card = styled.form`
  padding: 1.5rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  ${({ theme }) => theme.mq.md} {
    padding: 2rem;
  }
  h2 {
    margin: 0 0 0.5rem;
    color: ${({ theme }) => theme.color.primary};
  }
`;

const Hint = styled.p`
  margin: 0 0 1.5rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Fields = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const limitedFields = Object.keys(lengthLimits) as (keyof typeof lengthLimits)[];

/**
 * The contact form. What is typed goes straight into the shared store's draft, so it survives
 * leaving the page; the browser checks the fields before the (simulated) send; a successful
 * send clears the draft.
 */
export function ContactForm() {
  const draft = usePortalStore((state) => state.contactDraft);
  const updateDraft = usePortalStore((state) => state.updateContactDraft);
  const clearDraft = usePortalStore((state) => state.clearContactDraft);
  const { status, send } = useSimulatedSend(clearDraft);
  const form = useRef<HTMLFormElement>(null);
  const live = useHydrated();
  useKeepTypedBeforeHydration(form, updateDraft);
  useSubmitHeldBeforeHydration(form);
  const submitting = status === 'submitting';
  const overLimit = limitedFields.find((key) => countCharacters(draft[key]) > lengthLimits[key]);

  const field = (key: keyof ContactDraft) => ({
    name: key,
    value: draft[key],
    onValueChange: (value: string) => updateDraft({ [key]: value }),
  });

  // The browser fires submit only once every field is valid; nothing is sent anywhere.
  // While a field is over its limit the browser's own check is skipped and that field, which
  // already says why, gets the focus: Chromium's e-mail check takes quadratic time on a long
  // value without "@" (about 50 s for a 200,000-character paste).
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (overLimit) {
      (event.currentTarget.elements.namedItem(overLimit) as HTMLElement | null)?.focus();
      return;
    }
    send();
  };

  return (
    // method="dialog": outside a dialog a submit the page does not take goes nowhere, so no field
    // can land in an address; until the page is live the shell's document holds it (submitsWhenLive).
    <Card
      ref={form}
      method="dialog"
      {...(!live && { [submitsWhenLive]: '' })}
      aria-labelledby="contact-form-heading"
      aria-busy={submitting}
      noValidate={overLimit !== undefined}
      onSubmit={handleSubmit}
    >
      <h2 id="contact-form-heading">Send Us a Message</h2>
      <Hint>All fields are required.</Hint>
      <SendOutcome status={status} />
      {/* Locked while sending, so nothing typed then is cleared by the success. */}
      <Fields disabled={submitting}>
        <TextField label="Name" limit={lengthLimits.name} autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" limit={lengthLimits.email} autoComplete="email" {...field('email')} />
        <SubjectField {...field('subject')} />
        <TextField
          label="Message"
          rows={6}
          limit={lengthLimits.message}
          counterFrom={messageCounterFrom}
          {...field('message')}
        />
      </Fields>
      <ScriptButton type="submit" disabled={submitting}>
        {submitting ? 'Sending...' : 'Send Message'}
      </ScriptButton>
    </Card>
  );
}
