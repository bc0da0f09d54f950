import { PageContainer, PageHeading } from '@nova/ui/page';
import { siteConfig } from '@nova/ui/site-config';

export function HomePage() {
  return (
    <PageContainer>
      <title>{siteConfig.homeTitle}</title>
      <PageHeading>Welcome to {siteConfig.brand}</PageHeading>
    </PageContainer>
  );
}
