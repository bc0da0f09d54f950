import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('opens the mobile panel with the menu button and closes it on a route change', async () => {
    const router = renderHeader('/');
    const menu = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById('mobile-menu')!;
    expect(panel).not.toBeVisible();

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();

    await act(() => router.navigate('/contact'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('closes the mobile panel on Escape and returns focus to the menu button', async () => {
    renderHeader('/');
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await userEvent.click(
      within(document.getElementById('mobile-menu')!).getByRole('button', { name: 'Login' }).parentElement!,
    );
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});
