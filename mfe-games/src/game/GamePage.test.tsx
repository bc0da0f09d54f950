import { demoAddress } from '@nova/catalogue/demo-address';
import { games } from '@nova/catalogue/games';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../testing/render-route.tsx';

const frame = () => screen.getByTitle<HTMLIFrameElement>(/ demo$/);

/** Makes this document support (or not) the Fullscreen API, as a browser would say. */
function fullscreenSupport(enabled: boolean) {
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => enabled });
  const requestFullscreen = vi.fn(() => Promise.resolve());
  Object.defineProperty(Element.prototype, 'requestFullscreen', { configurable: true, value: requestFullscreen });
  return requestFullscreen;
}

afterEach(() => {
  Reflect.deleteProperty(document, 'fullscreenEnabled');
  Reflect.deleteProperty(Element.prototype, 'requestFullscreen');
});

describe('the game page of a catalogue game', () => {
  it.each(games.map((game) => [game.id, game.title]))('%s: the title is the h1 and the document title', (id, title) => {
    renderRoute(`/games/${id}`);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(document.title).toBe(`${title} · Nova Reels`);
  });

  it("embeds the game's demo address in a titled frame with exactly the seven permissions", () => {
    renderRoute('/games/alpha-eagle');
    expect(frame()).toHaveAttribute('title', 'Alpha Eagle demo');
    expect(frame()).toHaveAttribute('src', demoAddress('alpha-eagle'));
    expect(
      frame()
        .getAttribute('allow')
        ?.split(';')
        .map((feature) => feature.trim()),
    ).toEqual([
      'autoplay',
      'fullscreen',
      'accelerometer',
      'gyroscope',
      'encrypted-media',
      'clipboard-write',
      'picture-in-picture',
    ]);
    expect(frame()).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  });

  it('announces a loading state over the frame until the frame has loaded', () => {
    renderRoute('/games/pug-life');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the demo…');
    fireEvent.load(frame());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('ends the loading state when the provider says the demo is ready, and only then', () => {
    renderRoute('/games/pug-life');
    const provider = new URL(demoAddress('pug-life')!).origin;
    const say = (data: unknown, source: Window | null, origin = provider) =>
      act(() => void window.dispatchEvent(new MessageEvent('message', { data, source, origin })));
    const strangerFrame = document.body.appendChild(document.createElement('iframe'));
    say({ type: 'demo:ready' }, strangerFrame.contentWindow);
    strangerFrame.remove();
    say({ type: 'demo:ready' }, frame().contentWindow, 'http://elsewhere.example');
    say({ type: 'demo:spin' }, frame().contentWindow);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the demo…');
    say({ type: 'demo:ready' }, frame().contentWindow);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('Play Full Screen asks the browser to show the frame full screen', () => {
    const requestFullscreen = fullscreenSupport(true);
    renderRoute('/games/pug-life');
    fireEvent.click(screen.getByRole('button', { name: 'Play Full Screen' }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen.mock.contexts[0]).toBe(frame());
  });

  it('offers no Play Full Screen where the browser does not support it', () => {
    fullscreenSupport(false);
    renderRoute('/games/pug-life');
    expect(frame()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play Full Screen' })).not.toBeInTheDocument();
  });

  it('a refused full-screen request is handled and leaves the page as it was', async () => {
    fullscreenSupport(true);
    // The browser refuses. A plain function, not a mock: Vitest's mocks follow the promises they
    // return, and that would count as handling the refusal.
    const refused: Element[] = [];
    Object.defineProperty(Element.prototype, 'requestFullscreen', {
      configurable: true,
      value(this: Element) {
        refused.push(this);
        return Promise.reject(new TypeError('Permissions check failed'));
      },
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      renderRoute('/games/pug-life');
      fireEvent.click(screen.getByRole('button', { name: 'Play Full Screen' }));
      expect(refused).toEqual([frame()]);
      // Node reports a rejection nobody handled once the current turn of the event loop is over.
      await new Promise((turnOver) => setImmediate(turnOver));
      expect(unhandled).not.toHaveBeenCalled();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pug Life');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('explains how to play in five ordered steps', () => {
    renderRoute('/games/break-bones');
    const section = screen.getByRole('region', { name: 'How to Play' });
    expect(within(section).getByRole('list').tagName).toBe('OL');
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
  });

  it('suggests the first three games of the catalogue, each linking to its page', () => {
    renderRoute('/games/time-spinners');
    const section = screen.getByRole('region', { name: 'Similar Games' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Pug Life', 'Undead Fortune', 'Break Bones']);
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/games/pug-life', '/games/undead-fortune', '/games/break-bones']);
  });

  it('a similar game opens its own page with a fresh frame; the current one is marked', () => {
    renderRoute('/games/undead-fortune');
    const section = () => screen.getByRole('region', { name: 'Similar Games' });
    expect(within(section()).getByRole('link', { name: 'Play Undead Fortune' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    fireEvent.load(frame());

    fireEvent.click(within(section()).getByRole('link', { name: 'Play Break Bones' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Break Bones');
    expect(frame()).toHaveAttribute('src', demoAddress('break-bones'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the demo…');
    expect(within(section()).getByRole('link', { name: 'Play Undead Fortune' })).not.toHaveAttribute('aria-current');
  });

  it('Back to Games leads to the collection', () => {
    renderRoute('/games/forest-fortune');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Games' }));
    expect(document.title).toBe('Games · Nova Reels');
  });
});

describe('an id the catalogue does not have', () => {
  const hostileIds = {
    unknown: 'mega-jackpot',
    'wrong case': 'Pug-Life',
    'trailing space': 'pug-life ',
    markup: '<img src=x onerror="window.pwned=1">',
    script: '<script>window.pwned=1</script>',
    'very long': 'a'.repeat(10_000),
    'encoded slashes': 'pug-life/../../etc/passwd',
    'encoded backslash': '..\\pug-life',
    unicode: 'pug‐life', // U+2010 hyphen
    'zero-width space': 'pug-life\u200b',
    'right-to-left override': '\u202epug-life',
    emoji: '🎰🎰🎰',
    'prototype key': '__proto__',
  };

  it.each(Object.entries(hostileIds))('%s: Game Not Found and nothing else', (_, id) => {
    renderRoute(`/games/${encodeURIComponent(id)}`);
    const main = document.body;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Game Not Found');
    expect(screen.getByText("The game you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Games' })).toHaveAttribute('href', '/games');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(main.querySelectorAll('iframe, img, script')).toHaveLength(0);
    expect(main.textContent).not.toContain(id);
    expect(document.title).toBe('Game Not Found · Nova Reels');
    expect('pwned' in window).toBe(false);
  });

  it('Back to Games leads to the collection', () => {
    renderRoute('/games/nope');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Games' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Games');
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });
});
