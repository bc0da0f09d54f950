import { useTheme } from '@emotion/react';
import styled from '@emotion/styled';
import { routes } from '@nova/contracts/routes';
import { siteConfig } from '@nova/ui/site-config';
import { Link } from 'react-router-dom';

const LogoLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  color: ${({ theme }) => theme.color.text};
  font-family: ${({ theme }) => theme.font.display};
  font-size: 1.3rem;
  font-weight: 800;
  letter-spacing: 0.02em;
  text-decoration: none;
`;

/** The brand's star and name, linking Home. `place` names the logo's spot, which keeps its SVG ids apart from the other logo's (ids that do not depend on the tree, so server HTML hydrates). */
export function Logo({ place }: { place: 'header' | 'footer' }) {
  const { color } = useTheme();
  const gradientId = `logo-gradient-${place}`;
  return (
    <LogoLink to={routes.home.path}>
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={color.primary} />
            <stop offset="1" stopColor={color.accent} />
          </linearGradient>
        </defs>
        <path d="M32 4l8 19 20 3-15 13 4 21-17-10-17 10 4-21L4 26l20-3z" fill={`url(#${gradientId})`} />
      </svg>
      {siteConfig.brand}
    </LogoLink>
  );
}
