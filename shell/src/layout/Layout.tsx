import styled from '@emotion/styled';
import { useRef } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import { useFocusOnNavigate } from '../navigation/useFocusOnNavigate.ts';
import { Background } from './Background.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

const SkipLink = styled.a`
  position: absolute;
  left: 1rem;
  top: -4rem;
  z-index: 20;
  padding: 0.6rem 1rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 700;
  &:focus {
    top: 0.75rem;
  }
`;

// At least a screen tall, so the footer sits below the fold while a remote page loads
// and does not jump when the page arrives.
const Main = styled.main`
  display: block;
  min-height: 100vh;
  padding-top: ${({ theme }) => theme.layout.headerHeight};
  &:focus {
    outline: none;
  }
`;

/**
 * Scroll positions are kept per history entry. A tab's first document has the key 'default'
 * whatever its URL, so that one is kept per path: a fresh load elsewhere starts at the top.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/** Header, footer and background around whatever page the route renders. */
export function Layout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  return (
    <>
      <SkipLink href="#main-content">Skip to main content</SkipLink>
      <Background />
      <Header />
      <Main id="main-content" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
