import { css, type Theme } from '@emotion/react';

/** Shared look of buttons and button-like links. */
export const buttonStyle = (theme: Theme, variant: 'primary' | 'secondary' = 'primary') => css`
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
  background: ${variant === 'primary'
    ? `linear-gradient(135deg, ${theme.color.primary}, ${theme.color.accent})`
    : 'transparent'};
  transition: transform 0.15s ease, box-shadow 0.15s ease;
  &:hover {
    transform: translateY(-1px);
    box-shadow: 0 0 18px ${theme.color.primary}66;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.7;
    transform: none;
  }
`;
