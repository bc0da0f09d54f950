import styled from '@emotion/styled';
import { Button } from '@nova/ui/button';
import { PageContainer } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';

const Panel = styled.div`
  max-width: 36rem;
  margin: 2rem auto;
  padding: 2rem;
  text-align: center;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  h1 {
    font-size: 1.6rem;
    margin-top: 0;
  }
`;

/** Shown in place of a page whose remote failed to load; the rest of the site keeps working. */
export function SliceUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <PageContainer>
      <title>{pageTitle('Section unavailable')}</title>
      <Panel role="alert">
        <h1>This section is unavailable right now</h1>
        <p>It could not be loaded. The rest of the site still works; you can try this section again.</p>
        <Button type="button" onClick={onRetry}>
          Retry
        </Button>
      </Panel>
    </PageContainer>
  );
}
