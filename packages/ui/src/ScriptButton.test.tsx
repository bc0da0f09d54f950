import { ThemeProvider } from '@emotion/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { ScriptButton } from './ScriptButton.tsx';
import { theme } from './theme.ts';

const themed = (children: ReactNode) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;
const generate = (onClick?: () => void) =>
  themed(
    <ScriptButton type="button" onClick={onClick}>
      Generate
    </ScriptButton>,
  );

it('in the server HTML, says it is waiting', () => {
  const html = renderToString(generate());
  expect(html).toContain('aria-disabled="true"');
  expect(html).toContain('data-waiting=""');
});

it('once hydrated, works and no longer says it is waiting', async () => {
  const onClick = vi.fn();
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(generate());
  const onRecoverableError = vi.fn();
  await act(async () => void hydrateRoot(container, generate(onClick), { onRecoverableError }));
  const button = screen.getByRole('button', { name: 'Generate' });
  expect(onRecoverableError).not.toHaveBeenCalled();
  expect(button).not.toHaveAttribute('aria-disabled');
  expect(button).not.toHaveAttribute('data-waiting');
  await userEvent.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);
  container.remove();
});

it('rendered by the browser alone, works from the start', async () => {
  const onClick = vi.fn();
  render(generate(onClick));
  const button = screen.getByRole('button', { name: 'Generate' });
  expect(button).not.toHaveAttribute('aria-disabled');
  await userEvent.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);
});
