import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { games } from '@nova/catalogue/games';
import { Providers } from '@nova/ui/providers';
import { siteConfig } from '@nova/ui/site-config';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from './HomePage.tsx';

const renderHome = () =>
  act(async () =>
    render(
      <Providers>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </Providers>,
    ),
  );

const isBefore = (first: Element, second: Element) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('Home', () => {
  it('is titled with the product name and tagline', async () => {
    await renderHome();
    expect(document.title).toBe(siteConfig.homeTitle);
  });

  it('has its sections in order: hero, profile, about, featured games, testimonials, disclaimer', async () => {
    await renderHome();
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))).toEqual(
      [h1, ...screen.getAllByRole('heading', { level: 2 })].map((heading) => heading.id),
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Sample Player Profile',
      `About ${siteConfig.brand}`,
      'Featured Games',
      'What Players Say',
      'Important Information',
    ]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('puts View All Games, a link to /games, between the featured games and the testimonials', async () => {
    await renderHome();
    const viewAll = screen.getByRole('link', { name: 'View All Games' });
    expect(viewAll).toHaveAttribute('href', '/games');
    expect(isBefore(screen.getByRole('region', { name: 'Featured Games' }), viewAll)).toBe(true);
    expect(isBefore(viewAll, screen.getByRole('region', { name: 'What Players Say' }))).toBe(true);
  });

  it('features each game the catalogue marks as featured, with its art and a Play Now link', async () => {
    await renderHome();
    const featured = games.filter((game) => game.featured);
    expect(featured.length).toBeGreaterThanOrEqual(3);
    const cards = within(screen.getByRole('region', { name: 'Featured Games' })).getAllByRole('listitem');
    expect(cards).toHaveLength(featured.length);
    featured.forEach((game, index) => {
      const card = within(cards[index]!);
      expect(card.getByRole('heading', { level: 3 })).toHaveTextContent(game.title);
      const art = card.getByRole('img', { name: game.imageAlt });
      expect(art).toHaveAttribute('src', game.image);
      expect(art).toHaveAttribute('loading', 'lazy');
      expect(card.getByRole('link', { name: `Play Now: ${game.title}` })).toHaveAttribute('href', `/games/${game.id}`);
    });
  });

  it('shows three testimonials as figures: quote, then name and avatar', async () => {
    await renderHome();
    const figures = within(screen.getByRole('region', { name: 'What Players Say' })).getAllByRole('figure');
    expect(figures).toHaveLength(3);
    for (const figure of figures) {
      const quote = figure.querySelector('blockquote');
      const caption = figure.querySelector('figcaption');
      expect(quote?.textContent).not.toBe('');
      expect(caption?.textContent).not.toBe('');
      const avatar = within(caption!).getByRole('img', { name: `Avatar of ${caption!.textContent}` });
      expect(avatar).toHaveAttribute('width', '64');
      expect(avatar).toHaveAttribute('height', '64');
    }
  });

  describe('Start Playing', () => {
    const scrollIntoView = vi.fn();
    const prefersReducedMotion = (reduce: boolean) => {
      window.matchMedia = vi.fn((query: string) => ({ matches: reduce && query.includes('reduce') }) as MediaQueryList);
    };

    beforeEach(() => {
      Element.prototype.scrollIntoView = scrollIntoView;
    });
    afterEach(() => {
      scrollIntoView.mockReset();
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
      Reflect.deleteProperty(window, 'matchMedia');
    });

    it('scrolls smoothly to the Featured Games heading and focuses it', async () => {
      prefersReducedMotion(false);
      await renderHome();
      await userEvent.click(screen.getByRole('link', { name: 'Start Playing' }));
      const heading = screen.getByRole('heading', { name: 'Featured Games' });
      expect(scrollIntoView).toHaveBeenCalledExactlyOnceWith({ behavior: 'smooth', block: 'start' });
      expect(scrollIntoView.mock.contexts[0]).toBe(heading);
      expect(heading).toHaveFocus();
      expect(window.location.hash).toBe('');
    });

    it('is a link to the Featured Games heading, which works before the page is live', async () => {
      await renderHome();
      expect(screen.getByRole('link', { name: 'Start Playing' })).toHaveAttribute('href', '#featured-games-heading');
      expect(screen.getByRole('heading', { name: 'Featured Games' })).toHaveAttribute('id', 'featured-games-heading');
    });

    it('jumps there instantly when the visitor prefers reduced motion', async () => {
      prefersReducedMotion(true);
      await renderHome();
      await userEvent.click(screen.getByRole('link', { name: 'Start Playing' }));
      expect(scrollIntoView).toHaveBeenCalledExactlyOnceWith({ behavior: 'instant', block: 'start' });
      expect(screen.getByRole('heading', { name: 'Featured Games' })).toHaveFocus();
    });
  });
});
