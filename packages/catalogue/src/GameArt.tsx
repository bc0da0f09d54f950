import styled from '@emotion/styled';
import { gameArtSize } from './art-size.js';
import type { Game } from './games.ts';

// The img reserves the art's size and the box keeps its 16:9 at any width, so nothing shifts as it loads.
const Art = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: ${gameArtSize.width} / ${gameArtSize.height};
  object-fit: cover;
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

/** A game's art at the catalogue's size, with the catalogue's description as its alt text. */
export function GameArt({ game, loading }: { game: Game; loading: 'eager' | 'lazy' }) {
  return (
    <Art
      src={game.image}
      alt={game.imageAlt}
      width={gameArtSize.width}
      height={gameArtSize.height}
      loading={loading}
      decoding="async"
    />
  );
}
