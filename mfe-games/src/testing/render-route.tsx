import { routes } from '@nova/contracts/routes';
import { render } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { GamesPage } from '../collection/GamesPage.tsx';
import { GamePage } from '../game/GamePage.tsx';

/** Renders the slice's routes, as the shell mounts them, starting at `path`. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(
    [
      { path: routes.home.path, element: <h1>Home</h1> },
      { path: routes.games.path, element: <GamesPage /> },
      { path: routes.game.path, element: <GamePage /> },
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
