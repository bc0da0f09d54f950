import { useTheme } from '@emotion/react';
import styled from '@emotion/styled';
import { gameArtSize, gameArtSmallWidth } from './art-size.js';
import { gameCardImageSizes } from './GameGrid.tsx';
import type { Game } from './games.ts';

// The img reserves the art's size and the box keeps its 16:9 at any width, so nothing shifts as it loads.
const Art = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: ${gameArtSize.width} / ${gameArtSize.height};
  object-fit: cover;
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

/**
 * A game's art at the catalogue's size, with the catalogue's description as its alt text. Sized
 * for a card in a `GameGrid`: the browser picks the narrow rendering where a card is no wider.
 */
export function GameArt({ game, loading }: { game: Game; loading: 'eager' | 'lazy' }) {
  const theme = useTheme();
  return (
    <Art
      src={game.image}
      srcSet={`${game.imageSmall} ${gameArtSmallWidth}w, ${game.image} ${gameArtSize.width}w`}
      sizes={gameCardImageSizes(theme)}
      alt={game.imageAlt}
      width={gameArtSize.width}
      height={gameArtSize.height}
      loading={loading}
      decoding="async"
    />
  );
}
