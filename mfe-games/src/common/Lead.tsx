import styled from '@emotion/styled';

/** The short paragraph under a page's heading. */
export const Lead = styled.p`
  max-width: 60ch;
  margin: 0 0 2rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
