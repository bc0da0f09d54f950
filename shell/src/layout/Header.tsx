import styled from '@emotion/styled';
import { Button } from '@nova/ui/button';
import { useEffect, useRef, useState } from 'react';
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

const MobilePanel = styled.nav`
  display: grid;
  gap: 0.75rem;
  padding: 1rem ${({ theme }) => theme.layout.gutter} 1.5rem;
  background: ${({ theme }) => theme.color.headerScrolled};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  ul {
    flex-direction: column;
  }
  &[hidden] {
    display: none;
  }
  ${({ theme }) => theme.mq.md} {
    display: none;
  }
`;

export function Header() {
  const scrolled = useScrolledPast(headerScrollThreshold);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const loginDialog = useRef<HTMLDialogElement>(null);
  // The panel belongs to the location it was opened at, so any route change closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || loginDialog.current?.open) return;
      setMenuOpenAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const openLogin = () => loginDialog.current?.showModal();

  return (
    <Bar data-scrolled={scrolled}>
      <Inner>
        <Logo place="header" />
        <DesktopOnly>
          <nav aria-label="Main">
            <MainLinks />
          </nav>
          <Button type="button" variant="secondary" onClick={openLogin}>
            Login
          </Button>
        </DesktopOnly>
        <MenuButton
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label="Menu"
          onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
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
      <MobilePanel id="mobile-menu" aria-label="Mobile" hidden={!menuOpen}>
        <MainLinks />
        <Button type="button" onClick={openLogin}>
          Login
        </Button>
      </MobilePanel>
      <LoginDialog ref={loginDialog} />
    </Bar>
  );
}
