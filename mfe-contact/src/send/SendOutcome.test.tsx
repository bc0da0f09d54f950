import { render, screen } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { describe, expect, it } from 'vitest';
import { SendOutcome } from './SendOutcome.tsx';
import type { SendStatus } from './useSimulatedSend.ts';

const renderOutcome = (status: SendStatus) =>
  render(
    <Providers>
      <SendOutcome status={status} />
    </Providers>,
  );

describe('SendOutcome', () => {
  it('says nothing while idle', () => {
    renderOutcome('idle');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('announces that the message is being sent', () => {
    renderOutcome('submitting');
    expect(screen.getByRole('status')).toHaveTextContent('Sending your message...');
  });

  it('shows the success message', () => {
    renderOutcome('success');
    expect(screen.getByRole('heading', { name: 'Message Sent!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Thank you for reaching out. We'll get back to you as soon as possible.",
    );
  });

  it('renders the error view from the error state, with the real support address', () => {
    renderOutcome('error');
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Please try again later or contact us directly at support@novareels.example.',
    );
  });

  it('takes focus when a send ends while focus is on nothing', () => {
    const { rerender } = renderOutcome('submitting');
    expect(screen.getByRole('status')).not.toHaveFocus();
    rerender(
      <Providers>
        <SendOutcome status="success" />
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('leaves focus alone when the visitor has moved it outside the form', () => {
    const page = (status: SendStatus) => (
      <Providers>
        <a href="#support">Support</a>
        <form aria-label="Contact">
          <SendOutcome status={status} />
        </form>
      </Providers>
    );
    const { rerender } = render(page('submitting'));
    screen.getByRole('link', { name: 'Support' }).focus();
    rerender(page('success'));
    expect(screen.getByRole('link', { name: 'Support' })).toHaveFocus();
  });
});
