import { games } from '@nova/catalogue/games';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../testing/render-route.tsx';

describe('the games collection', () => {
  it('is titled Games with one h1', () => {
    renderRoute('/games');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Games');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Games · Nova Reels');
  });

  it('shows every game in catalogue order as a card with its title and a Play link to its page', () => {
    renderRoute('/games');
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(6);
    cards.forEach((card, index) => {
      const game = games[index]!;
      expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(game.title);
      expect(within(card).getByRole('link', { name: `Play ${game.title}` })).toHaveAttribute(
        'href',
        `/games/${game.id}`,
      );
      expect(within(card).getByText(game.description)).toBeInTheDocument();
    });
  });

  it("shows each game's art; only the first row loads eagerly", () => {
    renderRoute('/games');
    const art = screen.getAllByRole('img');
    expect(art.map((image) => image.getAttribute('alt'))).toEqual(games.map((game) => game.imageAlt));
    expect(art.map((image) => image.getAttribute('src'))).toEqual(games.map((game) => game.image));
    expect(art.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
  });

  it('says new games are added regularly and links back to Home', () => {
    renderRoute('/games');
    expect(screen.getByText(/new games are added regularly/i)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Home');
  });

  it("a card's Play link opens that game's page", () => {
    renderRoute('/games');
    fireEvent.click(screen.getByRole('link', { name: 'Play Forest Fortune' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forest Fortune');
  });
});
