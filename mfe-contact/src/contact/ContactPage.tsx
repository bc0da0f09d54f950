import styled from '@emotion/styled';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';
import { ContactForm } from '../form/ContactForm.tsx';
import { SupportPanel } from '../support/SupportPanel.tsx';

const Intro = styled.p`
  max-width: 60ch;
  margin: 0 0 2rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Columns = styled.div`
  display: grid;
  gap: 1.5rem;
  ${({ theme }) => theme.mq.lg} {
    grid-template-columns: 2fr 1fr;
    gap: 2rem;
  }
`;

/** /contact: the contact form beside the support panel. */
export function ContactPage() {
  return (
    <PageContainer>
      <title>{pageTitle('Contact')}</title>
      <PageHeading>Contact Us</PageHeading>
      <Intro>
        A question about a game, feedback on the site or an idea for a partnership? Send us a message and our team will
        answer.
      </Intro>
      <Columns>
        <ContactForm />
        <SupportPanel />
      </Columns>
    </PageContainer>
  );
}
