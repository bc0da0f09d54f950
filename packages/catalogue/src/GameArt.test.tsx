import { Providers } from '@nova/ui/providers';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gameArtSize } from './art-size.js';
import { GameArt } from './GameArt.tsx';
import { games } from './games.ts';

describe('GameArt', () => {
  it.each(['eager', 'lazy'] as const)(
    "shows a game's art at the catalogue's size (narrow cards get the narrow rendering), named by its alt text, loading %s",
    (loading) => {
      const game = games[1]!;
      render(
        <Providers>
          <GameArt game={game} loading={loading} />
        </Providers>,
      );
      const art = screen.getByRole('img', { name: game.imageAlt });
      expect(art).toHaveAttribute('src', game.image);
      expect(art).toHaveAttribute('srcset', `${game.imageSmall} 480w, ${game.image} 800w`);
      expect(art).toHaveAttribute('sizes', '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw');
      expect(art).toHaveAttribute('width', String(gameArtSize.width));
      expect(art).toHaveAttribute('height', String(gameArtSize.height));
      expect(art).toHaveAttribute('loading', loading);
    },
  );
});
