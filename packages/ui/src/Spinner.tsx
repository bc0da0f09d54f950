import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wheel = styled.span`
  display: inline-block;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${({ theme }) => theme.radius.circle};
  border: 4px solid ${({ theme }) => theme.color.border};
  border-top-color: ${({ theme }) => theme.color.primary};
  animation: ${spin} 0.8s linear infinite;
`;

const Status = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  padding: 4rem 1rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** A loading indicator announced to assistive technology. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Status role="status">
      <Wheel aria-hidden="true" />
      <span>{label}</span>
    </Status>
  );
}
