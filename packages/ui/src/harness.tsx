import styled from '@emotion/styled';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { Providers } from './Providers.tsx';

export interface HarnessPage {
  path: string;
  label: string;
  /** Where the harness nav links to, when `path` has parameters. */
  link?: string;
  element: ReactNode;
}

const HarnessNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  padding: 0.75rem 1.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

/**
 * Runs a remote's pages on their own, for the team that owns them. Not part of what
 * a remote exposes: in the portal the shell provides the router, theme and layout.
 */
export function renderHarness(slice: string, pages: HarnessPage[]) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The harness page has no #root element.');
  const router = createBrowserRouter([
    {
      element: (
        <>
          <HarnessNav aria-label={`${slice} harness`}>
            <strong>{slice} (standalone)</strong>
            {pages.map((page) => (
              <Link key={page.path} to={page.link ?? page.path}>
                {page.label}
              </Link>
            ))}
          </HarnessNav>
          <main id="main-content">
            <Outlet />
          </main>
        </>
      ),
      children: pages.map(({ path, element }) => ({ path, element })),
    },
  ]);
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
