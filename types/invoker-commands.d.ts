// Invoker commands (a button that opens a dialog or popover by itself: `commandfor`, `command`),
// which React passes to the DOM as they are and its types do not list yet.
import 'react';

declare module 'react' {
  // The type parameter is the one React's own declaration has; merging needs the same.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover';
  }
}
