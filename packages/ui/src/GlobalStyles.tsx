import { Global, css, type Theme } from '@emotion/react';

const globalStyles = (theme: Theme) => css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    color-scheme: dark;
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${theme.color.background};
    color: ${theme.color.text};
    font-family: ${theme.font.body};
    line-height: 1.6;
  }
  h1,
  h2,
  h3 {
    font-family: ${theme.font.display};
    line-height: 1.2;
  }
  a {
    color: ${theme.color.primary};
  }
  img {
    max-width: 100%;
    display: block;
  }
  :focus-visible {
    outline: 3px solid ${theme.color.accent};
    outline-offset: 3px;
  }
  [tabindex='-1']:focus {
    outline: none;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}
