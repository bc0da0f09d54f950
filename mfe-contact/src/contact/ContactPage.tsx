import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';

export function ContactPage() {
  return (
    <PageContainer>
      <title>{pageTitle('Contact')}</title>
      <PageHeading>Contact Us</PageHeading>
    </PageContainer>
  );
}
