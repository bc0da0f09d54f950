// @vitest-environment node
import { games, type Game } from '@nova/catalogue/games';
import { fragmentAddresses } from '@nova/render/fragment-list';
import { hydrationTestTimeout, renderThenHydrate } from '@nova/render/testing';
import { within } from '@testing-library/dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fragments } from './fragments.ts';

const pages = {
  GamesPage: () => import('./GamesPage.ts'),
  GamePage: () => import('./GamePage.ts'),
};

function renderThenHydrateAt(path: string, options?: Parameters<typeof renderThenHydrate>[2]) {
  const address = fragmentAddresses('games', fragments).find((fragment) => fragment.path === path)!;
  return renderThenHydrate(pages[address.page as keyof typeof pages], address, options);
}

describe('the fragment list', () => {
  it('has the collection and the page of every game in the catalogue', () => {
    expect(fragmentAddresses('games', fragments).map(({ path, file }) => [path, file])).toEqual([
      ['/games', 'GamesPage.json'],
      ...games.map((game) => [`/games/${game.id}`, `GamePage/${game.id}.json`]),
    ]);
  });

  it('gives a game added to the catalogue its page, with no change here', async () => {
    const newGame: Game = { ...games[0]!, id: 'lucky-comet', title: 'Lucky Comet' };
    vi.resetModules();
    vi.doMock('@nova/catalogue/games', async (original) => ({ ...(await original()), games: [...games, newGame] }));
    onTestFinished(() => void vi.doUnmock('@nova/catalogue/games'));
    const { fragments: withNewGame } = await import('./fragments.ts');
    expect(fragmentAddresses('games', withNewGame).at(-1)).toMatchObject({
      path: '/games/lucky-comet',
      file: 'GamePage/lucky-comet.json',
    });
  });
});

describe.each(fragmentAddresses('games', fragments).map(({ path }) => path))(
  'the fragment of %s',
  { timeout: hydrationTestTimeout },
  (path) => {
    it("hydrates as it was rendered: no mismatch, every element of the server's HTML kept", async () => {
      const page = await renderThenHydrateAt(path);
      expect(page.problems).toEqual([]);
      expect(page.replaced).toEqual([]);
      expect(within(page.slot).getByRole('heading', { level: 1 })).toBeVisible();
    });
  },
);

describe("a game's fragment", { timeout: hydrationTestTimeout }, () => {
  it("holds the frame's 16:9 box with its loading state; the frame itself starts in the browser", async () => {
    const page = await renderThenHydrateAt('/games/pug-life');
    expect(page.fragment.html).not.toContain('<iframe');
    expect(page.fragment.html).toContain('Loading the demo…');
    expect(within(page.slot).getByTitle('Pug Life demo').tagName).toBe('IFRAME');
  });

  it('keeps Play Full Screen unseen until the browser says it supports full screen, then shows it in its place', async () => {
    const page = await renderThenHydrateAt('/games/alpha-eagle', {
      beforeHydration: () => {
        Object.defineProperty(document, 'fullscreenEnabled', { value: true });
      },
    });
    expect(page.fragment.html).toMatch(/<button type="button" class="[^"]+">Play Full Screen<\/button>/);
    expect(page.replaced).toEqual([]);
    expect(within(page.slot).getByRole('button', { name: 'Play Full Screen' })).toBeVisible();
  });

  it('keeps Play Full Screen unseen, in its place, where full screen is not supported', async () => {
    const page = await renderThenHydrateAt('/games/alpha-eagle');
    expect(document.fullscreenEnabled).toBeUndefined();
    expect(within(page.slot).queryByRole('button', { name: 'Play Full Screen' })).toBeNull();
    expect(within(page.slot).getByText('Play Full Screen')).not.toBeVisible();
  });
});
