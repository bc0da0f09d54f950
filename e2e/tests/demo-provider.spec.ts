import type { Frame, Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slices } from '@nova/contracts/slices';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { buildApp } from '../support/build-app.ts';
import { expect, test } from '../support/deployments.ts';
import { catalogue } from '../support/games.ts';
import { demoIn, launchUrl, playableDemo, slot, spinResult } from '../support/provider.ts';
import { gameDemoBaseUrl, repoRoot, titles } from '../support/site.ts';

// Our demo provider, served on its own origin by the local production server: a stand-in third party.
const provider = gameDemoBaseUrl.origin;

/** The provider's document inside the game page's frame, once it is there. */
const demoFrame = (page: Page) => page.frames().find((frame) => frame.url().startsWith(provider))!;

/** Coins as the game shows them in euros, e.g. “€1,010.00” → 1010. */
const coins = (text: string | null) => Number(text!.replace(/[€,]/g, ''));

/** Whatever would make a visitor scroll, or cuts a control off, in this document. */
function layoutProblems(frame: Frame) {
  return frame.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight) {
      problems.push(`content ${root.scrollWidth}×${root.scrollHeight} overflows ${innerWidth}×${innerHeight}`);
    }
    for (const element of document.querySelectorAll(
      'main h1, main button, main [role="group"], main [role="status"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.left < 0 || box.top < 0 || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) {
        problems.push(`${element.getAttribute('aria-label') ?? element.textContent} is cut off`);
      }
    }
    return problems;
  });
}

test.describe('in the game page', () => {
  for (const { id, title } of catalogue) {
    test(`/games/${id}: the loading state clears and the frame plays the real ${title} demo`, async ({ page }) => {
      await page.goto(`/games/${id}`);
      const demo = demoIn(page, title);
      const game = slot(demo);
      await expect(game.heading).toHaveText(title);
      await expect(page.getByText('Loading the demo…')).toBeHidden();
      await expect(demo.getByText('Demo play · virtual coins')).toBeVisible();
      await expect(game.balance).toHaveText('€1,000.00');
      await expect(game.reels.getByRole('img')).toHaveCount(15);
      await expect(game.spin).toBeEnabled();
    });
  }

  test('a spin at the chosen bet takes it from the balance and pays any win into it', async ({ page }) => {
    await page.goto('/games/pug-life');
    const game = slot(await playableDemo(page, 'Pug Life'));
    await demoIn(page, 'Pug Life').getByRole('button', { name: 'Raise the bet' }).click();
    await expect(game.bet).toHaveText('€20.00');

    await game.spin.click();
    await expect(game.status).toHaveText(spinResult);
    await expect(game.balance).not.toHaveText('€1,000.00');
    expect(coins(await game.balance.textContent())).toBe(1000 - 20 + coins(await game.win.textContent()));
  });

  test('Space and Enter spin once the game has the focus', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/games/forest-fortune');
    const game = slot(await playableDemo(page, 'Forest Fortune'));
    await game.reels.click();

    await page.keyboard.press('Space');
    await expect(game.balance).not.toHaveText('€1,000.00');
    const afterSpace = (await game.balance.textContent())!;
    await page.keyboard.press('Enter');
    await expect(game.balance).not.toHaveText(afterSpace);
  });

  test('the paytable opens over the game and closes with Escape or Close', async ({ page }) => {
    await page.goto('/games/undead-fortune');
    const demo = demoIn(page, 'Undead Fortune');
    const game = slot(demo);
    const paytable = demo.getByRole('dialog', { name: 'Paytable' });

    await game.paytable.click();
    await expect(paytable).toBeVisible();
    await expect(paytable.getByRole('row', { name: /^Skull/ })).toContainText('€200.00');
    await expect(paytable.getByRole('listitem')).toHaveCount(5);
    await page.keyboard.press('Escape');
    await expect(paytable).toBeHidden();
    await expect(game.paytable).toBeFocused();

    await game.paytable.click();
    await paytable.getByRole('button', { name: 'Close' }).click();
    await expect(paytable).toBeHidden();
    await game.spin.click();
    await expect(game.status).toHaveText(spinResult);
  });

  test('reloading the game page starts over with a fresh balance', async ({ page }) => {
    await page.goto('/games/time-spinners');
    const game = slot(await playableDemo(page, 'Time Spinners'));
    await game.spin.click();
    await expect(game.status).toHaveText(spinResult);
    await expect(game.balance).not.toHaveText('€1,000.00');
    await page.reload();
    await expect(game.balance).toHaveText('€1,000.00');
  });

  test('Play Full Screen shows the game full screen, where it fits and plays', async ({ page }) => {
    await page.goto('/games/alpha-eagle');
    const game = slot(demoIn(page, 'Alpha Eagle'));
    await expect(game.spin).toBeVisible();
    const framed = (await game.spin.boundingBox())!;

    await page.getByRole('button', { name: 'Play Full Screen' }).click();
    await expect
      .poll(() =>
        page.evaluate(
          () => `${document.fullscreenElement?.tagName} ${document.fullscreenElement?.getAttribute('title')}`,
        ),
      )
      .toBe('IFRAME Alpha Eagle demo');
    await expect.poll(() => demoFrame(page).evaluate(() => innerWidth)).toBe(page.viewportSize()!.width);
    expect(await layoutProblems(demoFrame(page))).toEqual([]);
    expect((await game.spin.boundingBox())!.height).toBeGreaterThan(framed.height);
    await game.spin.click();
    await expect(game.status).toHaveText(spinResult);
  });

  for (const width of [320, 1280]) {
    test(`at ${width} px the game fits its 16:9 frame without scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/games/break-bones');
      await expect(slot(demoIn(page, 'Break Bones')).spin).toBeVisible();
      expect(await layoutProblems(demoFrame(page))).toEqual([]);
    });
  }

  test('the demo asks nothing of any origin but its own', async ({ page }) => {
    const frameRequests: string[] = [];
    page.on('request', (request) => {
      if (request.frame() !== page.mainFrame()) frameRequests.push(request.url());
    });
    await page.goto('/games/pug-life');
    const game = slot(await playableDemo(page, 'Pug Life'));
    await game.spin.click();
    await expect(game.status).toHaveText(spinResult);
    await game.paytable.click();

    expect(frameRequests.length, 'the launcher, its script and its styles').toBeGreaterThanOrEqual(3);
    expect(frameRequests.filter((url) => new URL(url).origin !== provider)).toEqual([]);
  });

  test('an unreachable provider leaves the frame to the browser and the rest of the page working', async ({
    page,
    deploy,
  }) => {
    test.setTimeout(90_000);
    // The games slice built for a provider address where nothing listens; the network is not stubbed.
    const closed = `http://localhost:${await deploy.freePort()}`;
    const outDir = mkdtempSync(join(tmpdir(), 'nova-games-'));
    const gamesDir = join(repoRoot, slices.games.folder);
    try {
      buildApp(gamesDir, outDir, { VITE_GAME_DEMO_BASE_URL: `${closed}/launch` });
      const games = await deploy.remote('games', { root: outDir });
      const shell = await deploy.shell({ games: games.entry }, { gameProvider: closed });

      const refused = page.waitForEvent('requestfailed', (request) =>
        request.url().startsWith(`${closed}/launch?gameCode=pug_life&`),
      );
      await page.goto(`${shell}/games/pug-life`);
      expect((await refused).failure()?.errorText).toBe('net::ERR_CONNECTION_REFUSED');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pug Life');
      await expect(page.getByText('Loading the demo…')).toBeHidden();
      await expect(page.getByRole('heading', { name: 'How to Play' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Similar Games' })).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Back to Games' }).click();
      await expect(page).toHaveTitle(titles.games);
    } finally {
      // The build is served from outDir: no request of the page may still read it when it goes.
      await page.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

test.describe('the provider on its own origin', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the reels turn until the last one stops; with reduced motion they stop at once', async ({ page }) => {
    await page.clock.install();
    await page.goto(launchUrl('time_spinners'));
    const game = slot(page);
    await expect(game.spin).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);

    await game.spin.click();
    await expect(game.status).toHaveText('Spinning…');
    expect(await page.evaluate(() => document.getAnimations().length)).toBeGreaterThanOrEqual(5);
    await page.clock.runFor(1_399);
    await expect(game.status).toHaveText('Spinning…');
    await page.clock.runFor(1);
    await expect(game.status).toHaveText(spinResult);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const before = (await game.balance.textContent())!;
    await game.spin.click();
    await expect(game.balance).not.toHaveText(before);
    await expect(game.status).toHaveText(spinResult);
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  });

  test('a seed makes a session reproducible; another seed plays another', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const play = async (seed: string) => {
      await page.goto(launchUrl('undead_fortune', { seed }));
      const game = slot(page);
      const seen: string[] = [];
      for (let spin = 0; spin < 4; spin++) {
        const before = (await game.balance.textContent())!;
        await game.spin.click();
        await expect(game.balance).not.toHaveText(before);
        const symbols = await game.reels
          .getByRole('img')
          .evaluateAll((images) => images.map((image) => image.getAttribute('aria-label')));
        seen.push(`${symbols.join()} ${await game.balance.textContent()}`);
      }
      return seen;
    };
    const first = await play('e2e-1');
    expect(await play('e2e-1')).toEqual(first);
    expect(await play('e2e-2')).not.toEqual(first);
  });

  for (const [what, changes, reason] of [
    ['an unknown game code', { gameCode: 'mega_jackpot' }, 'There is no game “mega_jackpot” here.'],
    ['a mode other than demo', { mode: 'real' }, 'Only demo play is offered here, not “real” play.'],
    ['a launch without a token', { token: null }, 'The launch link carries no session token.'],
  ] as const) {
    test(`${what} gets “This demo is not available” and why, not a game`, async ({ page }) => {
      await page.goto(launchUrl('pug_life', changes));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This demo is not available');
      await expect(page.getByText(reason)).toBeVisible();
      await expect(page.getByRole('button')).toHaveCount(0);
      await expect(page).toHaveTitle('Demo not available');
    });
  }

  test('it sends the headers of a third party that lets the portals it is configured for frame it', async ({
    request,
  }) => {
    const launcher = await request.get(launchUrl('pug_life'));
    expect(launcher.status()).toBe(200);
    const headers = launcher.headers();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain(
      'frame-ancestors http://localhost:* http://nova-reels.test:*;',
    );
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toBe('no-cache');
    expect(headers['content-encoding']).toBe('br');
    const asset = (await launcher.text()).match(/\/assets\/[\w.-]+\.js/)![0];
    expect((await request.get(provider + asset)).headers()['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  test('it fills a 4K screen and a 320 × 180 frame alike, without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(launchUrl('alpha_eagle'));
    const spin = slot(page).spin;
    const at720 = (await spin.boundingBox())!.height;
    await page.setViewportSize({ width: 3840, height: 2160 });
    expect(await layoutProblems(page.mainFrame())).toEqual([]);
    // Three times the width, three times the size (give or take a rounded pixel or two).
    expect((await spin.boundingBox())!.height / at720).toBeGreaterThan(2.9);
    expect((await spin.boundingBox())!.height / at720).toBeLessThan(3.1);
    await page.setViewportSize({ width: 320, height: 180 });
    expect(await layoutProblems(page.mainFrame())).toEqual([]);
  });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 320, height: 180 },
  ]) {
    test(`at ${viewport.width} × ${viewport.height} the game and its paytable have no serious or critical axe violations`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(launchUrl('forest_fortune'));
      await expect(slot(page).spin).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await slot(page).paytable.click();
      await expect(page.getByRole('dialog', { name: 'Paytable' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
