import styled from '@emotion/styled';
import { routes } from '@nova/contracts/routes';
import { ButtonLink } from '@nova/ui/button-link';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';

const Panel = styled.div`
  max-width: 40rem;
  margin: 3rem auto;
  text-align: center;
  p {
    margin: 0 0 2rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** What an id the catalogue does not know gets. The id itself is never shown back. */
export function GameNotFound() {
  return (
    <PageContainer>
      <title>{pageTitle('Game Not Found')}</title>
      <Panel>
        <PageHeading>Game Not Found</PageHeading>
        <p>The game you&apos;re looking for doesn&apos;t exist.</p>
        <ButtonLink to={routes.games.path}>Back to Games</ButtonLink>
      </Panel>
    </PageContainer>
  );
}
