import type { ComponentProps } from 'react';
import { Button } from './Button.tsx';
import { useHydrated } from './useHydrated.ts';

/**
 * A Button whose action runs in the page's script. Until its part of the page is live (the
 * server's HTML, before it hydrates) it says it is waiting: `aria-disabled`, a progress cursor,
 * dimmed, and a press does nothing. A submit button still submits its form, which the page
 * holds until it is live (see the shell's document script).
 */
export function ScriptButton({ onClick, ...props }: ComponentProps<typeof Button>) {
  const live = useHydrated();
  return live ? <Button {...props} onClick={onClick} /> : <Button {...props} aria-disabled="true" data-waiting="" />;
}
