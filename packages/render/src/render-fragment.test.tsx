// @vitest-environment node
import styled from '@emotion/styled';
import { theme } from '@nova/ui/theme';
import { Suspense, type ReactNode } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderFragment } from './render-fragment.tsx';

const Card = styled.article`
  border: 1px solid ${({ theme }) => theme.color.border};
`;

function GamePage() {
  const { gameId } = useParams();
  return (
    <Card>
      <title>{`${gameId} · Nova Reels`}</title>
      <meta name="description" content={`All about ${gameId}`} />
      <h1>{gameId}</h1>
      <img src="/assets/first.webp" alt="Seen first" width={800} height={450} />
      <img src="/assets/later.webp" alt="Seen later" width={800} height={450} loading="lazy" />
      <NavLink to="/games/pug-life">Pug Life</NavLink>
      <NavLink to="/games/alpha-eagle">Alpha Eagle</NavLink>
    </Card>
  );
}

const gameRoute = { route: '/games/:gameId', path: '/games/pug-life' };

describe('renderFragment', () => {
  it('puts what React hoists (title, meta, image preloads) in head, in front of nothing else', async () => {
    const { head, html } = await renderFragment(GamePage, gameRoute);
    expect(head).toBe(
      '<link rel="preload" as="image" href="/assets/first.webp"/>' +
        '<title>pug-life · Nova Reels</title>' +
        '<meta name="description" content="All about pug-life"/>',
    );
    expect(html).not.toMatch(/<title|<meta|rel="preload"/);
  });

  it("gives html the page's markup with Emotion's styles inline, from the theme, and no global styles", async () => {
    const { html } = await renderFragment(GamePage, gameRoute);
    expect(html).toMatch(
      /^<style data-emotion="css (\w+)">\.css-\1\{border:1px solid #2a3560;\}<\/style><article class="css-\1">/,
    );
    expect(theme.color.border).toBe('#2a3560');
    expect(html).toMatch(
      /<h1>pug-life<\/h1>.*<img src="\/assets\/later\.webp" alt="Seen later" width="800" height="450" loading="lazy"\/>/,
    );
    expect(html).not.toMatch(/box-sizing|body\{/);
  });

  it('renders at the given path: its parameters and the links that lead there', async () => {
    const { html } = await renderFragment(GamePage, { route: '/games/:gameId', path: '/games/alpha-eagle' });
    expect(html).toContain('<h1>alpha-eagle</h1>');
    expect(html).toContain('<a class="" href="/games/pug-life" data-discover="true">Pug Life</a>');
    expect(html).toContain(
      '<a aria-current="page" class="active" href="/games/alpha-eagle" data-discover="true">Alpha Eagle</a>',
    );
  });

  it('refuses a path its route does not match', async () => {
    await expect(renderFragment(GamePage, { route: '/games/:gameId', path: '/contact' })).rejects.toThrow(
      '/contact is not an address of the route /games/:gameId.',
    );
  });

  it.each([
    ['the page', (broken: ReactNode) => broken],
    ['a part of it that suspends', (broken: ReactNode) => <Suspense fallback="Loading">{broken}</Suspense>],
  ])('fails when %s fails, rather than leave it to the browser', async (_, wrap) => {
    const failure = new Error('no data');
    const Broken = () => {
      throw failure;
    };
    const rendering = renderFragment(() => <main>{wrap(<Broken />)}</main>, { route: '/', path: '/' });
    await expect(rendering).rejects.toThrow('Rendering / failed.');
    await expect(rendering).rejects.toHaveProperty('cause', failure);
  });
});
