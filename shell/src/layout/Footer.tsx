import styled from '@emotion/styled';
import { siteConfig } from '@nova/ui/site-config';
import { Link } from 'react-router-dom';
import { useSiteYear } from '../composition/server-render-context.ts';
import { Logo } from './Logo.tsx';
import { legalLinks, mainLinks } from './navigation-links.ts';

const FooterBar = styled.footer`
  margin-top: 4rem;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Columns = styled.div`
  display: grid;
  gap: 2rem;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 3rem ${({ theme }) => theme.layout.gutter} 2rem;
  ${({ theme }) => theme.mq.md} {
    grid-template-columns: 2fr 1fr 1fr 1.5fr;
  }
  h2 {
    margin: 0 0 0.75rem;
    color: ${({ theme }) => theme.color.text};
    font-size: 1rem;
    text-transform: uppercase;
    letter-spacing: 0.08em;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 0.4rem;
  }
  a {
    color: ${({ theme }) => theme.color.textMuted};
  }
  a:hover {
    color: ${({ theme }) => theme.color.primary};
  }
`;

const Copyright = styled.p`
  margin: 0;
  padding: 1.25rem ${({ theme }) => theme.layout.gutter};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  text-align: center;
  font-size: 0.9rem;
`;

/** One footer column of links under its heading, a navigation landmark named by it. */
function FooterLinks({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul>
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { brand, tagline, publisher, supportEmail, supportPhone } = siteConfig;
  const year = useSiteYear();
  return (
    <FooterBar>
      <Columns>
        <section aria-label={brand}>
          <Logo place="footer" />
          <p>{tagline}</p>
        </section>
        <FooterLinks title="Navigation" links={mainLinks} />
        <FooterLinks title="Legal" links={legalLinks} />
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>Email: {supportEmail}</li>
            <li>Toll-free: {supportPhone}</li>
          </ul>
        </section>
      </Columns>
      <Copyright>
        © {year} {brand}. Published by {publisher}. Virtual currency only: no real-money gambling. 18+.
      </Copyright>
    </FooterBar>
  );
}
