import { routes } from '@nova/contracts/routes';
import { render } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { GamesPage } from '../collection/GamesPage.tsx';
import { GamePage } from '../game/GamePage.tsx';
import pages from '../exposes/pages.json';

const elements: Record<string, React.ReactNode> = { GamesPage: <GamesPage />, GamePage: <GamePage /> };

/** Renders the slice's pages as it declares them (and Home, which they link to), starting at `path`. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(
    [
      { path: routes.home.path, element: <h1>Home</h1> },
      ...pages.map((page) => ({ path: page.path, element: elements[page.module] })),
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}
