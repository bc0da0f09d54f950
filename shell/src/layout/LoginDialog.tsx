import styled from '@emotion/styled';
import { Button } from '@nova/ui/button';
import { siteConfig } from '@nova/ui/site-config';
import type { Ref } from 'react';

const Dialog = styled.dialog`
  max-width: min(28rem, calc(100vw - 2rem));
  padding: 2rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  &::backdrop {
    background: ${({ theme }) => theme.color.backdrop};
  }
  h2 {
    margin-top: 0;
  }
`;

/**
 * What Login opens: the demos need no account. A native modal dialog, so focus is held
 * inside it, Escape closes it, and focus returns to the button that opened it.
 */
export function LoginDialog({ ref, id }: { ref: Ref<HTMLDialogElement>; id: string }) {
  return (
    <Dialog ref={ref} id={id} aria-labelledby="login-dialog-title" aria-describedby="login-dialog-text">
      <h2 id="login-dialog-title">Sign-in is coming soon</h2>
      <p id="login-dialog-text">
        You don't need an account to play: every {siteConfig.brand} demo is free and uses virtual currency only. Player
        accounts are coming soon.
      </p>
      <form method="dialog">
        <Button type="submit">Close</Button>
      </form>
    </Dialog>
  );
}
