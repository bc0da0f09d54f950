import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pageTitle } from './site.ts';
import { copyOfWorkspace } from './workspace-copy.ts';

/** The page the games team adds, as its build below declares and renders it. */
export const newPage = {
  path: '/games/new',
  module: 'NewGamesPage',
  heading: 'New Releases',
  title: pageTitle('New Releases'),
  /** The link the collection gains to it, and the page's own links. */
  link: 'New releases',
  back: 'All games',
  /** The newest games of the catalogue, newest first: what the page lists. */
  games: [
    { id: 'time-spinners', title: 'Time Spinners' },
    { id: 'forest-fortune', title: 'Forest Fortune' },
    { id: 'alpha-eagle', title: 'Alpha Eagle' },
  ],
} as const;

/** The new page, as the team writes it: its own folder beside the collection, the same parts. */
const newGamesPage = `import { games } from '@nova/catalogue/games';
import { GameGrid } from '@nova/catalogue/game-grid';
import { routes } from '@nova/contracts/routes';
import { Link } from '@nova/router';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';
import { GameCard } from '../cards/GameCard.tsx';
import { Lead } from '../common/Lead.tsx';

/** The catalogue's newest games first. */
const newest = games.slice(-${newPage.games.length}).reverse();

/** ${newPage.path}: the games added last, newest first. */
export function NewGamesPage() {
  return (
    <PageContainer>
      <title>{pageTitle('${newPage.heading}')}</title>
      <PageHeading>${newPage.heading}</PageHeading>
      <Lead>The latest slots in the catalogue, newest first.</Lead>
      <GameGrid>
        {newest.map((game) => (
          <li key={game.id}>
            <GameCard game={game} headingLevel={2} imageLoading="eager" />
          </li>
        ))}
      </GameGrid>
      <p>
        <Link to={routes.games.path}>${newPage.back}</Link>
      </p>
    </PageContainer>
  );
}
`;

/** Its exposed module, as every exposed page is: a re-export that satisfies the page contract. */
const exposedNewGamesPage = `import type { PageModule } from '@nova/contracts/remote-modules';
import { NewGamesPage } from '../new/NewGamesPage.tsx';

export default NewGamesPage satisfies PageModule['default'];
`;

/** `change` of a text, which must change it (else the workspace moved on and this build would not be the one the tests mean). */
const changed = (change: (text: string) => string) => (text: string) => {
  const result = change(text);
  if (result === text) throw new Error('The games team\u2019s change no longer applies to its slice.');
  return result;
};

/**
 * The games slice built from the games team's own checkout with one page added, `/games/new`
 * (`NewGamesPage`: its component, its exposed module, its line in `pages.json`) and a link to it
 * from the collection; nothing outside `mfe-games/` changes. `remove()` deletes the build.
 */
export function newGamesPageBuild() {
  const gamesTeam = copyOfWorkspace();
  const folder = mkdtempSync(join(tmpdir(), 'nova-games-'));
  try {
    // New files: written into the copy (an existing file is a hard link, replaced by `edit`).
    const added = (path: string, text: string) => {
      const file = join(gamesTeam.root, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text, { flag: 'wx' });
    };
    added('mfe-games/src/new/NewGamesPage.tsx', newGamesPage);
    added(`mfe-games/src/exposes/${newPage.module}.ts`, exposedNewGamesPage);
    gamesTeam.edit(
      'mfe-games/src/exposes/pages.json',
      changed((text) =>
        JSON.stringify(
          [...JSON.parse(text), { path: newPage.path, module: newPage.module, title: newPage.heading }],
          null,
          2,
        ),
      ),
    );
    gamesTeam.edit(
      'mfe-games/src/collection/GamesPage.tsx',
      changed((text) =>
        text.replace(
          '<p>New games are added regularly, so check back soon.</p>',
          `<p>New games are added regularly: see <Link to="${newPage.path}">${newPage.link}</Link>.</p>`,
        ),
      ),
    );
    gamesTeam.build('mfe-games', folder);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    gamesTeam.remove();
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
