// @vitest-environment node
import { games, type Game } from '@nova/catalogue/games';
import { fragmentAddresses } from '@nova/render/fragment-list';
import { hydrationTestTimeout, renderThenHydrate } from '@nova/render/testing';
import { within } from '@testing-library/dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { untilLiveRecordName } from '@nova/contracts/until-live';
import { fragments } from './fragment-list.ts';
import declared from './pages.json';

const pages = {
  GamesPage: () => import('./GamesPage.ts'),
  GamePage: () => import('./GamePage.ts'),
};

function renderThenHydrateAt(path: string, options?: Parameters<typeof renderThenHydrate>[2]) {
  const address = fragmentAddresses('games', fragments, declared).find((fragment) => fragment.path === path)!;
  return renderThenHydrate(pages[address.page as keyof typeof pages], address, options);
}

describe('the fragment list', () => {
  it('has the collection, the page of every game in the catalogue, and Game Not Found for any other', () => {
    expect(fragmentAddresses('games', fragments, declared).map(({ path, file }) => [path, file])).toEqual([
      ['/games', 'GamesPage.json'],
      ...games.map((game) => [`/games/${game.id}`, `GamePage/${game.id}.json`]),
      ['/games/not-in-the-catalogue', 'GamePage.not-found.json'],
    ]);
  });

  it('gives a game added to the catalogue its page, with no change here', async () => {
    const newGame: Game = { ...games[0]!, id: 'lucky-comet', title: 'Lucky Comet' };
    vi.resetModules();
    vi.doMock('@nova/catalogue/games', async (original) => ({ ...(await original()), games: [...games, newGame] }));
    onTestFinished(() => void vi.doUnmock('@nova/catalogue/games'));
    const { fragments: withNewGame } = await import('./fragment-list.ts');
    expect(fragmentAddresses('games', withNewGame, declared).at(-2)).toMatchObject({
      path: '/games/lucky-comet',
      file: 'GamePage/lucky-comet.json',
    });
  });

  it('renders a page the slice adds to pages.json at its one address, with no change here', async () => {
    const added = [...declared, { path: '/games/new', module: 'NewGamesPage', title: 'New Games' }];
    vi.resetModules();
    vi.doMock('./pages.json', () => ({ default: added }));
    onTestFinished(() => void vi.doUnmock('./pages.json'));
    const { fragments: withNewPage } = await import('./fragment-list.ts');
    expect(fragmentAddresses('games', withNewPage, added)).toContainEqual(
      expect.objectContaining({ page: 'NewGamesPage', path: '/games/new', file: 'NewGamesPage.json' }),
    );
  });
});

describe.each(fragmentAddresses('games', fragments, declared).map(({ path }) => path))(
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
  it('holds the frame, so the demo loads with the first paint, and its loading state behind it', async () => {
    const page = await renderThenHydrateAt('/games/pug-life');
    expect(page.fragment.html).toMatch(/<iframe [^>]*title="Pug Life demo"/);
    expect(page.fragment.html).toContain('Loading the demo…');
    expect(page.replaced).toEqual([]);
    expect(within(page.slot).getByTitle('Pug Life demo').tagName).toBe('IFRAME');
  });

  it("ends the loading state as it hydrates when the frame loaded before (the document's record)", async () => {
    const page = await renderThenHydrateAt('/games/pug-life', {
      beforeHydration: () => {
        const loadedFrames = new WeakSet([document.querySelector('iframe')!]);
        Object.assign(globalThis, { [untilLiveRecordName]: { heldSubmits: new WeakSet(), loadedFrames } });
      },
    });
    expect(page.problems).toEqual([]);
    expect(within(page.slot).queryByRole('status')).toBeNull();
  });

  it('holds Play Full Screen waiting for the page, then it works where full screen is supported', async () => {
    const page = await renderThenHydrateAt('/games/alpha-eagle', {
      beforeHydration: () => {
        Object.defineProperty(document, 'fullscreenEnabled', { value: true });
      },
    });
    expect(page.fragment.html).toMatch(
      /<button type="button" class="[^"]+" aria-disabled="true" data-waiting="">Play Full Screen<\/button>/,
    );
    expect(page.replaced).toEqual([]);
    const button = within(page.slot).getByRole('button', { name: 'Play Full Screen' });
    expect(button).toBeVisible();
    expect(button).not.toHaveAttribute('aria-disabled');
  });

  it('keeps Play Full Screen unseen, in its place, where full screen is not supported', async () => {
    const page = await renderThenHydrateAt('/games/alpha-eagle');
    expect(document.fullscreenEnabled).toBeUndefined();
    expect(within(page.slot).queryByRole('button', { name: 'Play Full Screen' })).toBeNull();
    expect(within(page.slot).getByText('Play Full Screen')).not.toBeVisible();
  });
});

describe('the fragment of a game address that names nothing', { timeout: hydrationTestTimeout }, () => {
  it('is Game Not Found, names no address, and hydrates', async () => {
    const page = await renderThenHydrateAt('/games/not-in-the-catalogue');
    expect(page.fragment.head).toContain('<title>Game Not Found · Nova Reels</title>');
    expect(page.fragment.html).not.toContain('not-in-the-catalogue');
    expect(page.problems).toEqual([]);
    expect(within(page.slot).getByRole('heading', { level: 1 })).toHaveTextContent('Game Not Found');
  });
});
