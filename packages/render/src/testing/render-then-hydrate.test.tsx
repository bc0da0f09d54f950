// @vitest-environment node
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import type { PageAddress } from '../render-fragment.tsx';
import { hydrationTestTimeout, renderThenHydrate } from './render-then-hydrate.ts';

const address: PageAddress = { route: '/steady', path: '/steady' };
const fixture = (name: 'SteadyPage' | 'PositionalIdPage' | 'BrowserOnlyPage') => () =>
  import('./pages.fixture.tsx').then((pages) => ({ default: pages[name] }));

const hydrate = (name: Parameters<typeof fixture>[0]) => renderThenHydrate(fixture(name), address);

describe('renderThenHydrate', { timeout: hydrationTestTimeout }, () => {
  it('hydrates a page that renders the same in both places: no problem, every server element kept', async () => {
    const page = await hydrate('SteadyPage');
    expect(page.problems).toEqual([]);
    expect(page.replaced).toEqual([]);
    expect(page.slot.querySelector('h1')).toHaveTextContent('Steady');
    expect(page.fragment.html).toMatch(/^<main><style data-emotion="css \w+">/);
  });

  it("sees Emotion (11.14, with React 19) move the fragment's inline styles into <head> as it loads, before hydration", async () => {
    const page = await hydrate('SteadyPage');
    expect(page.inlineStylesAtHydration).toBe(0);
    expect(page.slot.querySelector('style')).toBeNull();
    expect(document.head.querySelector('style[data-emotion^="css "]')).toHaveTextContent(/color:#22d3ee/);
  });

  it("reports ids from the tree position (useId): the server's tree is not the slot's", async () => {
    const page = await hydrate('PositionalIdPage');
    expect(page.problems).toEqual([expect.stringContaining("attributes of the server rendered HTML didn't match")]);
  });

  it('reports a page that reads the browser while rendering, and the server elements React threw away', async () => {
    const page = await hydrate('BrowserOnlyPage');
    expect(page.problems).toContainEqual(
      expect.stringContaining("Hydration failed because the server rendered text didn't match"),
    );
    expect(page.replaced.map((element) => element.tagName)).toEqual(['H1']);
  });

  it('runs in the node environment only: it renders as a server first', async () => {
    const browser = await builtinEnvironments.jsdom.setup(globalThis, { jsdom: {} });
    onTestFinished(() => browser.teardown(globalThis));
    await expect(renderThenHydrate(fixture('SteadyPage'), address)).rejects.toThrow(
      'run it in the node test environment',
    );
  });
});

it(
  "a fragment placed after the page's Emotion has loaded cannot hydrate: its inline styles are in the way",
  { timeout: hydrationTestTimeout },
  async () => {
    vi.resetModules();
    const { renderFragment } = await import('../render-fragment.tsx');
    const { html } = await renderFragment((await fixture('SteadyPage')()).default, address);
    const browser = await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { html: '<div id="slot"></div>' } });
    onTestFinished(() => browser.teardown(globalThis));
    vi.resetModules();
    const { hydratePage } = await import('./hydrate-page.tsx');
    const slot = document.getElementById('slot')!;
    slot.innerHTML = html;
    const { problems, unmount } = await hydratePage(slot, (await fixture('SteadyPage')()).default, address);
    onTestFinished(unmount);
    expect(problems).toContainEqual(
      expect.stringContaining("Hydration failed because the server rendered HTML didn't match"),
    );
  },
);
