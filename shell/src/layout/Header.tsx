import styled from '@emotion/styled';
import { Button } from '@nova/ui/button';
import { useHydrated } from '@nova/ui/hydrated';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LoginDialog } from './LoginDialog.tsx';
import { Logo } from './Logo.tsx';
import { MainLinks } from './MainLinks.tsx';
import { useScrolledPast } from './useScrolledPast.ts';

/** Scroll offset, in pixels, past which the header turns dark. */
const headerScrollThreshold = 50;

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto;
  z-index: 10;
  background: transparent;
  transition:
    background-color 0.25s ease,
    box-shadow 0.25s ease;
  &[data-scrolled='true'] {
    background: ${({ theme }) => theme.color.headerScrolled};
    box-shadow: 0 2px 16px ${({ theme }) => theme.color.shadow};
  }
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  height: ${({ theme }) => theme.layout.headerHeight};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.layout.gutter};
`;

const DesktopOnly = styled.div`
  display: none;
  align-items: center;
  gap: 1.5rem;
  ${({ theme }) => theme.mq.md} {
    display: flex;
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  ${({ theme }) => theme.mq.md} {
    display: none;
  }
`;

// A manual popover: the menu button opens and closes it natively, before the page is live too; it
// stays open under the Login dialog it can open.
const MobilePanel = styled.nav`
  position: fixed;
  inset: ${({ theme }) => theme.layout.headerHeight} 0 auto;
  width: auto;
  margin: 0;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  display: grid;
  gap: 0.75rem;
  padding: 1rem ${({ theme }) => theme.layout.gutter} 1.5rem;
  color: inherit;
  background: ${({ theme }) => theme.color.headerScrolled};
  ul {
    flex-direction: column;
  }
  &:not(:popover-open) {
    display: none;
  }
  ${({ theme }) => theme.mq.md} {
    display: none;
  }
`;

const menuId = 'mobile-menu';
const loginDialogId = 'login-dialog';

/** Whether this browser opens a dialog from a button by itself (`command`, `commandfor`). */
const opensDialogsNatively = typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;

/** Whether the popover is open; never, where the browser has no popovers. */
const isOpenPopover = (element: HTMLElement | null) =>
  typeof element?.showPopover === 'function' && element.matches(':popover-open');

export function Header() {
  const scrolled = useScrolledPast(headerScrollThreshold);
  const location = useLocation();
  const live = useHydrated();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLElement>(null);
  const loginDialog = useRef<HTMLDialogElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  // The browser opens and closes the panel; React follows, from a panel opened before it ran on.
  useLayoutEffect(() => setMenuOpen(isOpenPopover(menuPanel.current)), []);
  // A route change closes it.
  useEffect(() => {
    if (isOpenPopover(menuPanel.current)) menuPanel.current?.hidePopover();
  }, [location.key]);

  // Escape closes it. The panel's own state decides, not React's copy of it: the browser tells
  // React through a toggle event a task later, and an Escape pressed in between counts too.
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || loginDialog.current?.open || !isOpenPopover(menuPanel.current)) return;
      menuPanel.current?.hidePopover();
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, []);

  // Login opens its dialog natively where the browser can; elsewhere once the page is live.
  const login = {
    commandfor: loginDialogId,
    command: 'show-modal',
    onClick: opensDialogsNatively ? undefined : () => loginDialog.current?.showModal(),
  };

  return (
    <Bar data-scrolled={scrolled}>
      <Inner>
        <Logo place="header" />
        <DesktopOnly>
          <nav aria-label="Main">
            <MainLinks />
          </nav>
          <Button type="button" variant="secondary" {...login}>
            Login
          </Button>
        </DesktopOnly>
        <MenuButton
          ref={menuButton}
          type="button"
          popoverTarget={menuId}
          aria-controls={menuId}
          // Before the page is live the browser tells the panel's state itself.
          aria-expanded={live ? menuOpen : undefined}
          aria-label="Menu"
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </MenuButton>
      </Inner>
      <MobilePanel
        ref={menuPanel}
        id={menuId}
        popover="manual"
        aria-label="Mobile"
        onToggle={(event) => setMenuOpen(event.newState === 'open')}
      >
        <MainLinks />
        <Button type="button" {...login}>
          Login
        </Button>
      </MobilePanel>
      <LoginDialog ref={loginDialog} id={loginDialogId} />
    </Bar>
  );
}
