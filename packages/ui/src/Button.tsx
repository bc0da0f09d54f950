import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';

export interface ButtonLook {
  /** primary (the default): filled with the brand gradient; secondary: outlined. */
  variant?: 'primary' | 'secondary';
}

/** The button's look, for the links that look like one (ButtonLink.tsx). */
export const buttonLook = ({ theme, variant = 'primary' }: ButtonLook & { theme: Theme }) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.6rem 1.4rem;
  border-radius: ${theme.radius.round};
  font: inherit;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
  border: 2px solid ${theme.color.primary};
  color: ${variant === 'primary' ? theme.color.onPrimary : theme.color.primary};
  background: ${
    variant === 'primary' ? `linear-gradient(135deg, ${theme.color.primary}, ${theme.color.accent})` : 'transparent'
  };
  transition:
    transform 0.15s ease,
    box-shadow 0.15s ease;
  &:hover {
    transform: translateY(-1px);
    box-shadow: 0 0 18px ${theme.color.primary}66;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.7;
    transform: none;
  }
  /* Waiting for the page's script (ScriptButton.tsx). */
  &[data-waiting] {
    cursor: progress;
    opacity: 0.7;
    transform: none;
    box-shadow: none;
  }
`;

// `variant` styles the element; it is not an attribute of it.
export const styledOnly = { shouldForwardProp: (prop: string) => prop !== 'variant' };

/** The site's button. (Links that look like one are in ButtonLink.tsx: a slice with buttons only needs no router.) */
export const Button = styled('button', styledOnly)<ButtonLook>(buttonLook);

/** A plain link (to a place on the page, say) that looks like a Button. */
export const ButtonAnchor = styled('a', styledOnly)<ButtonLook>(buttonLook);
