import styled from '@emotion/styled';
import { siteConfig } from '@nova/ui/site-config';

const Panel = styled.section`
  align-self: start;
  padding: 1.5rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  h2 {
    margin: 0 0 1rem;
    color: ${({ theme }) => theme.color.accent};
    font-size: 1.3rem;
  }
  dl {
    display: grid;
    gap: 1rem;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
  dd {
    margin: 0.15rem 0 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** The phone number as a tel: address (digits only). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Other ways to reach the team: support e-mail, phone and hours, from the site config. */
export function SupportPanel() {
  const { supportEmail, supportPhone, supportHours } = siteConfig;
  return (
    <Panel aria-labelledby="support-heading">
      <h2 id="support-heading">Support</h2>
      <dl>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(supportPhone)}>{supportPhone}</a>
          </dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{supportHours}</dd>
        </div>
      </dl>
    </Panel>
  );
}
