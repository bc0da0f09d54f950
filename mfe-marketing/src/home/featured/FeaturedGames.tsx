import styled from '@emotion/styled';
import { GameArt } from '@nova/catalogue/game-art';
import { GameGrid } from '@nova/catalogue/game-grid';
import { games } from '@nova/catalogue/games';
import { gamePath } from '@nova/contracts/routes';
import { ButtonLink } from '@nova/ui/button-link';
import type { Ref } from 'react';
import { Section } from '../Section.tsx';

const Card = styled.li`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

const CardBody = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.75rem;
  padding: 1.25rem;
  h3 {
    margin: 0;
    font-size: 1.3rem;
  }
  p {
    margin: 0 0 0.5rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  /* The links line up at the foot of the cards, however long each description is. */
  a {
    margin-top: auto;
  }
`;

/** The games the catalogue features, each with its art and a Play Now link to its page. */
export function FeaturedGames({ title, headingRef }: { title: string; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <Section title={title} headingRef={headingRef}>
      <GameGrid>
        {games
          .filter((game) => game.featured)
          .map((game) => (
            <Card key={game.id}>
              <GameArt game={game} loading="lazy" />
              <CardBody>
                <h3>{game.title}</h3>
                <p>{game.description}</p>
                <ButtonLink to={gamePath(game.id)} aria-label={`Play Now: ${game.title}`}>
                  Play Now
                </ButtonLink>
              </CardBody>
            </Card>
          ))}
      </GameGrid>
    </Section>
  );
}
