import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';

/** A label above its control, then any notes about it. */
export const FieldBox = styled.div`
  display: grid;
  gap: 0.4rem;
  margin-bottom: 1.25rem;
  label {
    font-weight: 600;
  }
`;

const controlStyle = ({ theme }: { theme: Theme }) => css`
  width: 100%;
  padding: 0.7rem 0.9rem;
  border: 1px solid ${theme.color.textMuted};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.background};
  color: ${theme.color.text};
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
    box-shadow: 0 0 0 1px ${theme.color.danger};
  }
  &:disabled {
    opacity: 0.7;
  }
`;

/** The form's controls: text boxes, text areas and selects all look alike. */
export const Input = styled.input(controlStyle);
export const TextArea = styled.textarea(controlStyle);
export const Select = styled.select(controlStyle);

/** Small text under a control: a counter or an error. */
export const FieldNote = styled.p<{ tone?: 'muted' | 'danger' }>`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme, tone = 'muted' }) => (tone === 'danger' ? theme.color.danger : theme.color.textMuted)};
`;
