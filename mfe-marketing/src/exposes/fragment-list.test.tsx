// @vitest-environment node
import { fragmentAddresses } from '@nova/render/fragment-list';
import { hydrationTestTimeout, renderThenHydrate } from '@nova/render/testing';
import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { fragments } from './fragment-list.ts';
import pages from './pages.json';

const renderThenHydrateHome = () =>
  renderThenHydrate(() => import('./HomePage.ts'), fragmentAddresses('marketing', fragments, pages)[0]!);

describe('the fragment list', () => {
  it('has Home', () => {
    expect(fragmentAddresses('marketing', fragments, pages).map(({ path, file }) => [path, file])).toEqual([
      ['/', 'HomePage.json'],
    ]);
  });
});

describe("Home's fragment", { timeout: hydrationTestTimeout }, () => {
  it("hydrates as it was rendered: no mismatch, every element of the server's HTML kept", async () => {
    const page = await renderThenHydrateHome();
    expect(page.problems).toEqual([]);
    expect(page.replaced).toEqual([]);
    expect(within(page.slot).getByRole('heading', { level: 1 })).toHaveTextContent('Spin the reels of tomorrow');
  });

  it("holds the avatar's empty 180 × 180 square, with no seed; the robot is drawn into it in the browser", async () => {
    const page = await renderThenHydrateHome();
    expect(page.fragment.html).not.toMatch(/Robot avatar|data:image/);
    // DiceBear's chunk loads on demand: on a busy machine that takes a while.
    const avatar = await within(page.slot).findByRole(
      'img',
      { name: 'Robot avatar of the sample player' },
      { timeout: 10_000 },
    );
    expect(avatar.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(page.replaced).toEqual([]);
    expect(page.fragment.html).toContain(`<div class="${avatar.parentElement!.className}"></div>`);
  });
});
