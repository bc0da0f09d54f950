import { ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { GlobalStyles } from './GlobalStyles.tsx';
import { theme } from './theme.ts';

/** Theme and global styles: what the shell and every standalone harness wrap pages in. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  );
}
