import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { useHydrated } from './useHydrated.ts';

const renders: string[] = [];
function Where() {
  const where = useHydrated() ? 'browser' : 'server';
  renders.push(where);
  return <p>{where}</p>;
}

it('is false on the server', () => {
  expect(renderToString(<Where />)).toBe('<p>server</p>');
});

it('is true from the first render of a page the browser renders alone', () => {
  renders.length = 0;
  const { container } = render(<Where />);
  expect(renders).toEqual(['browser']);
  expect(container).toHaveTextContent('browser');
});

it('is false while hydrating server HTML, so that render matches it, then true', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Where />);
  const onRecoverableError = vi.fn();
  renders.length = 0;
  await act(async () => void hydrateRoot(container, <Where />, { onRecoverableError }));
  expect(renders).toEqual(['server', 'browser']);
  expect(onRecoverableError).not.toHaveBeenCalled();
  expect(container.innerHTML).toBe('<p>browser</p>');
});
