import { games } from '@nova/catalogue/games';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';
import { useParams } from 'react-router-dom';

export function GamePage() {
  const { gameId } = useParams();
  const game = games.find((candidate) => candidate.id === gameId);
  const title = game?.title ?? 'Game Not Found';
  return (
    <PageContainer>
      <title>{pageTitle(title)}</title>
      <PageHeading>{title}</PageHeading>
    </PageContainer>
  );
}
