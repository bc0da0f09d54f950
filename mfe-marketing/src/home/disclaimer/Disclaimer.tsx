import styled from '@emotion/styled';
import { siteConfig } from '@nova/ui/site-config';
import { Section } from '../Section.tsx';

const Notice = styled(Section)`
  padding: 1.5rem;
  border: 1px solid ${({ theme }) => theme.color.gold};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  h2 {
    margin-bottom: 1rem;
    font-size: 1.4rem;
    color: ${({ theme }) => theme.color.gold};
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
    display: grid;
    gap: 0.5rem;
  }
`;

/** The notice every visitor should read: what this site is not, and who it is for. */
export function Disclaimer() {
  return (
    <Notice title="Important Information">
      <ul>
        <li>
          {siteConfig.brand} uses virtual currency only. Coins have no real-world value and cannot be exchanged for
          money, goods or prizes, or cashed out.
        </li>
        <li>There is no real-money gambling on this site: nothing you win here can be paid out.</li>
        <li>
          Our games are for adults aged {siteConfig.minimumAge} or older. Success at social casino games does not mean
          future success at real-money gambling.
        </li>
        <li>
          Play responsibly: set yourself time limits and take regular breaks. If gaming stops being fun, stop playing
          and talk to someone you trust or a support service in your country.
        </li>
      </ul>
    </Notice>
  );
}
