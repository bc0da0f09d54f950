import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import { Spinner } from '@nova/ui/spinner';
import { createBrowserRouter } from 'react-router-dom';
import { RemoteSlot } from './federation/RemoteSlot.tsx';
import { Layout } from './layout/Layout.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';

const remotePage = (id: RemoteModuleId) => <RemoteSlot key={id} module={id} />;

/** The route table: each path renders its remote's exposed page inside the layout. */
export function createRouter(remotesReady: Promise<void>) {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        {
          // Every page needs the remotes registered; a broken remotes.json shows the error screen.
          loader: async () => {
            await remotesReady;
            return null;
          },
          shouldRevalidate: () => false,
          hydrateFallbackElement: <Spinner />,
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: remotePage('marketing/HomePage') },
            { path: 'games', element: remotePage('games/GamesPage') },
            { path: 'games/:gameId', element: remotePage('games/GamePage') },
            { path: 'contact', element: remotePage('contact/ContactPage') },
            { path: 'terms-and-conditions', element: remotePage('legal/TermsPage') },
            { path: 'privacy-policy', element: remotePage('legal/PrivacyPage') },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
