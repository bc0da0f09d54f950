import { act, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { PageAddress } from '../render-fragment.tsx';
import { SlotTheme } from '../slot-theme.tsx';

const actEnvironment = (on: boolean) => Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: on });

/**
 * Hydrates the server's markup of a page in `slot` with what the shell's slot gives it: the theme
 * and a data router at the page's path. Returns what React reported while hydrating: recoverable
 * errors (a mismatch makes React throw the server's DOM away) and console errors (attribute
 * mismatches). Afterwards the page runs as in a browser: tests wait for what it does.
 */
export async function hydratePage(slot: Element, Page: ComponentType, { route, path }: PageAddress) {
  const problems: string[] = [];
  const consoleError = console.error;
  console.error = (...messages: unknown[]) => void problems.push(messages.map(String).join(' '));
  const router = createMemoryRouter([{ path: route, element: <Page /> }], { initialEntries: [path] });
  let root: ReturnType<typeof hydrateRoot> | undefined;
  actEnvironment(true);
  try {
    // act: hydration and the renders right after it (what only the browser knows) are done when it returns.
    await act(async () => {
      root = hydrateRoot(
        slot,
        <SlotTheme>
          <RouterProvider router={router} />
        </SlotTheme>,
        { onRecoverableError: (error) => void problems.push(String(error)) },
      );
    });
  } finally {
    console.error = consoleError;
    actEnvironment(false);
  }
  const unmount = async () => {
    actEnvironment(true);
    await act(() => root?.unmount());
  };
  return { problems, unmount };
}
