import styled from '@emotion/styled';
import { games } from '@nova/catalogue/games';
import { routes } from '@nova/contracts/routes';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';
import { Link } from '@nova/router';
import { GameCard } from '../cards/GameCard.tsx';
import { GameGrid } from '@nova/catalogue/game-grid';
import { Lead } from '../common/Lead.tsx';

/** Cards whose art loads at once: the first row on a wide screen; the rest wait until scrolled near. */
const eagerArtCount = 3;

const Footnote = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-top: 2.5rem;
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** /games: every game of the catalogue as a card with a Play link. */
export function GamesPage() {
  return (
    <PageContainer>
      <title>{pageTitle('Games')}</title>
      <PageHeading>Games</PageHeading>
      <Lead>
        Pick a slot and play its demo right here in your browser. Every spin uses virtual coins only: no sign-up, no
        deposits, nothing to win or lose.
      </Lead>
      <GameGrid>
        {games.map((game, index) => (
          <li key={game.id}>
            <GameCard game={game} headingLevel={2} imageLoading={index < eagerArtCount ? 'eager' : 'lazy'} />
          </li>
        ))}
      </GameGrid>
      <Footnote>
        <p>New games are added regularly, so check back soon.</p>
        <Link to={routes.home.path}>
          <span aria-hidden="true">← </span>Back to Home
        </Link>
      </Footnote>
    </PageContainer>
  );
}
