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
 * The harness's pages from the pages the slice declares (its `src/exposes/pages.json`): each at its
 * path, under its title, showing the element given for its module; `links` says where the nav
 * links to for a page whose path has parameters (`{ GamePage: '/games/pug-life' }`).
 */
export function declaredHarnessPages(
  declared: readonly { path: string; module: string; title: string }[],
  elements: Record<string, ReactNode>,
  links: Record<string, string> = {},
): HarnessPage[] {
  return declared.map(({ path, module, title }) => ({
    path,
    label: title,
    ...(links[module] !== undefined && { link: links[module] }),
    element: elements[module] ?? <p>No element for {module} in the harness.</p>,
  }));
}

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
