import styled from '@emotion/styled';

/** The band above the page that says what this tab shows that visitors do not (a preview, an override). */
export const Notice = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0.5rem 1rem;
  padding: 0.6rem 1rem;
  background: ${({ theme }) => theme.color.gold};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 600;
  button {
    font: inherit;
    text-decoration: underline;
    color: inherit;
    background: none;
    border: 0;
    cursor: pointer;
  }
`;
