import styled from '@emotion/styled';
import { useId } from 'react';
import { GameCard } from '../cards/GameCard.tsx';
import { GameGrid } from '../cards/GameGrid.tsx';
import { similarGames } from './similar-games.ts';

const Section = styled.section`
  margin-top: 3rem;
`;

/** Cards of the suggested games, below the fold: their art loads lazily. */
export function SimilarGames() {
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>Similar Games</h2>
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
