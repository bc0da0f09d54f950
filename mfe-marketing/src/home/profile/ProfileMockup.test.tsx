import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { games } from '@nova/catalogue/games';
import { usePortalStore } from '@nova/store';
import { Providers } from '@nova/ui/providers';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProfileMockup } from './ProfileMockup.tsx';

const renderProfile = () =>
  act(async () =>
    render(
      <Providers>
        <ProfileMockup />
      </Providers>,
    ),
  );
const profile = () => screen.getByRole('region', { name: 'Sample Player Profile' });
const avatar = () => screen.findByRole('img', { name: 'Robot avatar of the sample player' });

describe('the profile mock-up', () => {
  beforeEach(() => usePortalStore.setState({ avatarSeed: 'first-seed' }));

  it('says it is sample content, not a real account', async () => {
    await renderProfile();
    expect(within(profile()).getByText('Sample')).toBeVisible();
    expect(profile()).toHaveTextContent('It is not a real account.');
  });

  it('shows level 42 with 70 % progress to level 43 and 25,000 coins', async () => {
    await renderProfile();
    const figure = (term: string) => within(profile()).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(figure('Level')).toHaveTextContent(/^42$/);
    expect(figure('Virtual coins')).toHaveTextContent(/^25,000$/);
    const progress = screen.getByRole('progressbar', { name: 'Progress to level 43' });
    expect(progress).toHaveAttribute('aria-valuenow', '70');
    expect(progress).toHaveAttribute('aria-valuemin', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
  });

  it('lists the High Roller and Lucky Streak achievements', async () => {
    await renderProfile();
    const list = screen.getByRole('heading', { name: 'Achievements' }).nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['High RollerWon 1M chips', 'Lucky Streak5 wins in a row']);
  });

  it('lists recent activity, each entry with a catalogue game, a result and a time', async () => {
    await renderProfile();
    const list = screen.getByRole('heading', { name: 'Recent Activity' }).nextElementSibling as HTMLElement;
    const entries = within(list).getAllByRole('listitem');
    expect(entries.length).toBeGreaterThan(0);
    const titles = games.map((game) => game.title);
    for (const entry of entries) {
      const [game, result, time] = [...entry.children].map((part) => part.textContent ?? '');
      expect(titles).toContain(game);
      expect(result).not.toBe('');
      expect(time).not.toBe('');
    }
  });

  it('draws the avatar from the seed in the store as a 180 × 180 image', async () => {
    await renderProfile();
    const image = await avatar();
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(image).toHaveAttribute('width', '180');
    expect(image).toHaveAttribute('height', '180');

    // Another seed draws another robot; the same seed draws the same one again.
    const firstRobot = image.getAttribute('src');
    await act(async () => usePortalStore.getState().setAvatarSeed('second-seed'));
    expect((await avatar()).getAttribute('src')).not.toBe(firstRobot);
    await act(async () => usePortalStore.getState().setAvatarSeed('first-seed'));
    expect((await avatar()).getAttribute('src')).toBe(firstRobot);
  });

  it('Generate New Avatar stores a new random seed; the new avatar is still there after a remount', async () => {
    const { unmount } = await renderProfile();
    const before = (await avatar()).getAttribute('src');

    await userEvent.click(screen.getByRole('button', { name: 'Generate New Avatar' }));
    const seed = usePortalStore.getState().avatarSeed;
    expect(seed).not.toBe('first-seed');
    const generated = (await avatar()).getAttribute('src');
    expect(generated).not.toBe(before);

    unmount();
    await renderProfile();
    expect((await avatar()).getAttribute('src')).toBe(generated);
  });
});
