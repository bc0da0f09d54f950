import { ThemeProvider } from '@emotion/react';
import { theme } from '@nova/ui/theme';
import type { ReactNode } from 'react';

/**
 * What the shell's slot gives a page besides the router: the theme. Not the global styles: those
 * are the shell's, in its own document.
 */
export function SlotTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
