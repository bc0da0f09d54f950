import styled from '@emotion/styled';
import { PageContainer, PageHeading } from '@nova/ui/page';
import type { ReactNode } from 'react';

const Panel = styled.div`
  max-width: 40rem;
  margin: 3rem auto;
  text-align: center;
  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** A centred page with one heading and a short message: not-found and error screens. */
export function MessagePage({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <PageContainer>
      <Panel>
        <PageHeading>{heading}</PageHeading>
        {children}
      </Panel>
    </PageContainer>
  );
}
