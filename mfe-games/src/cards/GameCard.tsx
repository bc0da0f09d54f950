import styled from '@emotion/styled';
import { GameArt } from '@nova/catalogue/game-art';
import type { Game } from '@nova/catalogue/games';
import { gamePath } from '@nova/contracts/routes';
import { ButtonNavLink } from '@nova/ui/button-link';

interface GameCardProps {
  game: Game;
  /** h2 in the collection, h3 under the game page's Similar Games heading. */
  headingLevel: 2 | 3;
  /** Eager for the cards a visitor sees first; lazy for those below the fold. */
  imageLoading: 'eager' | 'lazy';
}

// The card lifts on hover; what is hovered stays in place (the article), so a pointer on the
// card's lower edge does not lose the hover as the card lifts, and the card does not jitter.
const Card = styled.article`
  height: 100%;
  &:hover > div,
  &:focus-within > div {
    border-color: ${({ theme }) => theme.color.primary};
    transform: translateY(-2px);
  }
`;

const Surface = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  transition:
    border-color 0.15s ease,
    transform 0.15s ease;
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1rem 1.25rem 1.25rem;
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.35rem;
`;

const Description = styled.p`
  flex: 1;
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

// The link covers the whole card (::after), so the art and title are clickable too.
const PlayLink = styled(ButtonNavLink)`
  align-self: flex-start;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
`;

/** A game's art, title and description, with a Play link to its page. */
export function GameCard({ game, headingLevel, imageLoading }: GameCardProps) {
  return (
    <Card>
      <Surface>
        <GameArt game={game} loading={imageLoading} />
        <Body>
          <Title as={`h${headingLevel}`}>{game.title}</Title>
          <Description>{game.description}</Description>
          {/* The name says which game (it starts with the visible word); NavLink marks the page being shown. */}
          <PlayLink to={gamePath(game.id)} aria-label={`Play ${game.title}`} end>
            Play
          </PlayLink>
        </Body>
      </Surface>
    </Card>
  );
}
