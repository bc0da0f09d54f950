import { act } from '@testing-library/react';
import { useId } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { WhenLive } from './WhenLive.tsx';

function Labelled() {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>Name</label>
      <input id={id} />
    </p>
  );
}

it('hydrates the HTML rendered without it, ids included, and says when the page is live', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Labelled />);
  const server = container.innerHTML;
  const onLive = vi.fn();
  const onRecoverableError = vi.fn();
  await act(
    async () =>
      void hydrateRoot(
        container,
        <WhenLive onLive={onLive}>
          <Labelled />
        </WhenLive>,
        { onRecoverableError },
      ),
  );
  expect(onRecoverableError).not.toHaveBeenCalled();
  expect(container.innerHTML).toBe(server);
  expect(onLive).toHaveBeenCalledTimes(1);
});
