import { within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalQuery } from './test-support.ts';

/** Opens the launcher with this query string, as the portal's frame would. */
async function launch(query: string) {
  document.body = document.createElement('body');
  history.replaceState(null, '', `/launch${query}`);
  vi.resetModules();
  await import('./main.ts');
  return within(document.body);
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: true }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the launcher', () => {
  it.each([
    ['pug_life', 'Pug Life'],
    ['undead_fortune', 'Undead Fortune'],
    ['break_bones', 'Break Bones'],
    ['alpha_eagle', 'Alpha Eagle'],
    ['forest_fortune', 'Forest Fortune'],
    ['time_spinners', 'Time Spinners'],
  ])('plays %s when the portal launches it', async (gameCode, name) => {
    const page = await launch(portalQuery({ gameCode }));
    expect(page.getByRole('heading', { level: 1 })).toHaveTextContent(name);
    expect(page.getByRole('button', { name: 'Spin' })).toBeInTheDocument();
  });

  it.each([
    [{ gameCode: 'mega_jackpot' }, 'There is no game “mega_jackpot” here.'],
    [{ mode: 'real' }, 'Only demo play is offered here, not “real” play.'],
    [{ token: null }, 'The launch link carries no session token.'],
  ])('explains a launch it cannot honour instead of showing a game: %o', async (changes, reason) => {
    const page = await launch(portalQuery(changes));
    expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('This demo is not available');
    expect(page.getByText(reason)).toBeInTheDocument();
    expect(page.queryByRole('button')).not.toBeInTheDocument();
    expect(document.title).toBe('Demo not available');
  });

  it('shows launch values as text, never as markup', async () => {
    const page = await launch(portalQuery({ gameCode: '<img src=x onerror=alert(1)>' }));
    expect(page.getByText('There is no game “<img src=x onerror=alert(1)>” here.')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('plays the same session again from the same seed, and another from another', async () => {
    const play = async (seed: string) => {
      const page = await launch(portalQuery({ seed }));
      const user = userEvent.setup({ delay: null });
      const reels = page.getByRole('group', { name: 'Reels' });
      const balance = page.getByRole('group', { name: 'Demo balance' });
      const seen: string[] = [];
      for (let spin = 0; spin < 4; spin++) {
        await user.keyboard(' ');
        const symbols = within(reels)
          .getAllByRole('img')
          .map((image) => image.getAttribute('aria-label'));
        seen.push(`${symbols.join()} ${balance.textContent}`);
      }
      return seen;
    };
    const first = await play('e2e');
    expect(await play('e2e')).toEqual(first);
    expect(await play('another')).not.toEqual(first);
    // Three launches, each importing the launcher afresh: beyond Vitest's 5 s on a busy machine.
  }, 30_000);
});
