import { games } from '@nova/catalogue/games';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';
import { Link } from 'react-router-dom';

export function GamesPage() {
  return (
    <PageContainer>
      <title>{pageTitle('Games')}</title>
      <PageHeading>Games</PageHeading>
      <ul>
        {games.map((game) => (
          <li key={game.id}>
            <Link to={`/games/${game.id}`}>{game.title}</Link>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
