import { act, render, screen, within } from '@testing-library/react';
import { Providers } from '@nova/ui/providers';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from './Header.tsx';

function renderHeader(path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const scrollTo = (y: number) =>
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });

describe('Header', () => {
  it('marks the link of the current route', () => {
    renderHeader('/games');
    const nav = screen.getByRole('navigation', { name: 'Main', hidden: true });
    expect(within(nav).getByRole('link', { name: 'Games', hidden: true })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home', hidden: true })).not.toHaveAttribute('aria-current');
  });

  it('turns dark only past 50 px of scroll', () => {
    renderHeader();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(50);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(51);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    scrollTo(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  // Opening, closing (Escape, a route change) and the dialog are the browser's own: e2e/tests/shell-header.spec.ts.
  it('opens the mobile panel and the Login dialog the browser way, so they work before the page is live', () => {
    renderHeader('/');
    const panel = document.getElementById('mobile-menu')!;
    expect(panel).toHaveAttribute('popover', 'manual');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('popovertarget', 'mobile-menu');
    const dialog = screen.getByRole('dialog', { hidden: true });
    for (const login of screen.getAllByRole('button', { name: 'Login', hidden: true })) {
      expect(login).toHaveAttribute('commandfor', dialog.id);
      expect(login).toHaveAttribute('command', 'show-modal');
    }
  });
});
