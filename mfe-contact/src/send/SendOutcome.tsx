import styled from '@emotion/styled';
import { siteConfig } from '@nova/ui/site-config';
import { useEffect, useRef } from 'react';
import type { SendStatus } from './useSimulatedSend.ts';

const Region = styled.div`
  scroll-margin-top: calc(${({ theme }) => theme.layout.headerHeight} + 1rem);
`;

const Message = styled.div<{ tone: 'success' | 'danger' }>`
  margin-bottom: 1.5rem;
  padding: 1rem 1.25rem;
  border: 2px solid ${({ theme, tone }) => theme.color[tone]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  h3 {
    margin: 0 0 0.35rem;
    color: ${({ theme, tone }) => theme.color[tone]};
    font-size: 1.2rem;
  }
  p {
    margin: 0;
  }
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

function OutcomeMessage({ status }: { status: SendStatus }) {
  switch (status) {
    case 'submitting':
      return <VisuallyHidden>Sending your message...</VisuallyHidden>;
    case 'success':
      return (
        <Message tone="success">
          <h3>Message Sent!</h3>
          <p>Thank you for reaching out. We'll get back to you as soon as possible.</p>
        </Message>
      );
    case 'error':
      return (
        <Message tone="danger">
          <h3>Something went wrong.</h3>
          <p>Please try again later or contact us directly at {siteConfig.supportEmail}.</p>
        </Message>
      );
    case 'idle':
      return null;
  }
}

/**
 * The send's progress and outcome, announced as a status. When a send ends, focus moves to its
 * message (the submit button it left was disabled), unless the visitor has put focus elsewhere.
 */
export function SendOutcome({ status }: { status: SendStatus }) {
  const region = useRef<HTMLDivElement>(null);
  const ended = status === 'success' || status === 'error';

  useEffect(() => {
    const element = region.current;
    if (!ended || !element) return;
    const active = document.activeElement;
    const focusIsFree = !active || active === document.body || element.closest('form')?.contains(active);
    if (focusIsFree) element.focus();
  }, [ended]);

  return (
    <Region ref={region} role="status" tabIndex={-1}>
      <OutcomeMessage status={status} />
    </Region>
  );
}
