import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/fixtures.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { copyOfWorkspace } from '../support/workspace-copy.ts';

// `pnpm dev` (scripts/dev.mjs), started from a copy of the workspace on ports beside the served
// site's: the edits below touch nothing else.
type Dev = { origin: string; stop: () => Promise<void> };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let workspace: ReturnType<typeof copyOfWorkspace> | undefined;
let dev: Dev | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workspace = copyOfWorkspace();
  const { startDev } = (await import(pathToFileURL(join(workspace.root, 'scripts/dev.mjs')).href)) as {
    startDev: (options: { portOffset: number; provider: boolean; quiet: boolean }) => Promise<Dev>;
  };
  dev = await startDev({ portOffset: 1000, provider: false, quiet: true });
});

test.afterAll(async () => {
  await dev?.stop();
  workspace?.remove();
});

const origin = () => dev?.origin ?? '';

test('pnpm dev composes every page on the server from source, as production does', async ({ request }) => {
  const game = await request.get(`${origin()}/games/pug-life`);
  expect(game.status()).toBe(200);
  const html = await game.text();
  expect(dataBlockOf(html)).toMatchObject({ slot: 'fragment', versions: { games: 'dev' } });
  expect(html).toMatch(/<h1[^>]*>Pug Life<\/h1>/);
  expect(game.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");

  const unknownGame = await request.get(`${origin()}/games/nope`);
  expect(unknownGame.status()).toBe(404);
  expect(await unknownGame.text()).toMatch(/<h1[^>]*>Game Not Found<\/h1>/);
  expect((await request.get(`${origin()}/no-such-page`)).status()).toBe(404);
});

test('under pnpm dev the composed page hydrates, and edits show at once and on the next page', async ({ page }) => {
  await page.goto(`${origin()}/`);
  const hero = page.getByRole('heading', { level: 1 });
  // React owns the server's HTML: the slice's heading and the shell's footer.
  await expect
    .poll(() => hero.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))), {
      timeout: 60_000,
    })
    .toBe(true);
  await expect(hero).toHaveText('Spin the reels of tomorrow with Nova Reels');
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  workspace?.edit('mfe-marketing/src/home/hero/Hero.tsx', (text) =>
    text.replace('Spin the reels of tomorrow', 'Spin the edited reels'),
  );
  workspace?.edit('shell/src/layout/Footer.tsx', (text) =>
    text.replace('Virtual currency only:', 'Edited in dev. Virtual currency only:'),
  );
  await expect(hero).toHaveText('Spin the edited reels with Nova Reels', { timeout: 30_000 });
  await expect(page.getByRole('contentinfo')).toContainText('Edited in dev.', { timeout: 30_000 });
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

  const next = await (await page.request.get(`${origin()}/`)).text();
  expect(next).toContain('Spin the edited reels');
  expect(next).toContain('Edited in dev.');
});
