import styled from '@emotion/styled';
import { GameCard } from '../cards/GameCard.tsx';
import { GameGrid } from '@nova/catalogue/game-grid';
import { similarGames } from './similar-games.ts';

const Section = styled.section`
  margin-top: 3rem;
`;

/** Cards of the suggested games, below the fold: their art loads lazily. */
export function SimilarGames() {
  return (
    <Section aria-labelledby="similar-games-heading">
      <h2 id="similar-games-heading">Similar Games</h2>
      <GameGrid>
        {similarGames().map((game) => (
          <li key={game.id}>
            <GameCard game={game} headingLevel={3} imageLoading="lazy" />
          </li>
        ))}
      </GameGrid>
    </Section>
  );
}
