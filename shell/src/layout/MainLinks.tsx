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

const MainLink = styled(NavLink)`
  display: block;
  padding: 0.5rem 0.9rem;
  border-radius: ${({ theme }) => theme.radius.round};
  color: inherit;
  font-weight: 600;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.color.hover};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.color.onPrimary};
    background: ${({ theme }) => theme.color.primary};
  }
`;

/** Home, Games and Contact; the current route's link is highlighted (and aria-current). */
export function MainLinks() {
  return (
    <NavList>
      {mainLinks.map(({ to, label }) => (
        <li key={to}>
          <MainLink to={to} end={to === routes.home.path}>
            {label}
          </MainLink>
        </li>
      ))}
    </NavList>
  );
}
