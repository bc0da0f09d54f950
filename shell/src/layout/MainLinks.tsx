import { css, useTheme, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { routes } from '@nova/contracts/routes';
import { NavLink } from 'react-router-dom';
import { mainLinks } from './navigation-links.ts';

const NavList = styled.ul`
  display: flex;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const navLinkStyle = (theme: Theme) => css`
  display: block;
  padding: 0.5rem 0.9rem;
  border-radius: 999px;
  color: inherit;
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: rgba(255, 255, 255, 0.08);
  }
  &[aria-current='page'] {
    color: ${theme.color.onPrimary};
    background: ${theme.color.primary};
  }
`;

/** Home, Games and Contact; the current route's link is highlighted (and aria-current). */
export function MainLinks() {
  const theme = useTheme();
  return (
    <NavList>
      {mainLinks.map(({ to, label }) => (
        <li key={to}>
          <NavLink to={to} end={to === routes.home.path} css={navLinkStyle(theme)}>
            {label}
          </NavLink>
        </li>
      ))}
    </NavList>
  );
}
