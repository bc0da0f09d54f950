import styled from '@emotion/styled';

/** The content column every page sits in. */
export const PageContainer = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2.5rem ${({ theme }) => theme.layout.gutter} 4rem;
`;

export const PageHeading = styled.h1`
  margin: 0 0 1rem;
  font-size: clamp(2rem, 5vw, 3rem);
  background: linear-gradient(90deg, ${({ theme }) => theme.color.primary}, ${({ theme }) => theme.color.accent});
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;
