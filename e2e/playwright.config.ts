import { chromium, defineConfig, devices } from '@playwright/test';
import { headlessChromium } from '@nova/tooling/chromium';
import { shellOrigin } from './support/site.ts';

const longTests = /[/\\](own-repository|forged-signals|slice-shipping|canary|canary-guard|new-slice)\.spec\.ts$/;

// Runs against the composed production build, served like separate deployments.
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Generous limits: a busy machine may be slow, and waits end as soon as the page is ready.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A failed test leaves an HTML report (playwright-report/) to inspect. Recording traces costs the
  // whole suite a sixth of its time: add --trace=retain-on-failure when you want them (test-results/).
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: shellOrigin,
    trace: 'off',
    // The animated backdrop keeps a software-composited browser busy at 60 frames a second, which
    // about doubles the suite's time here; the tests of motion ask for it (no-preference).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: headlessChromium(chromium.executablePath()),
      // This machine's network is closed: keep Chromium from calling home.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The longest tests (a registry and npm installs, canaries watched for minutes) are queued first,
  // so that none is left running alone at the end.
  projects: [
    { name: 'long', testMatch: longTests },
    { name: 'rest', testIgnore: longTests },
  ],
  webServer: {
    // Serves the builds as they are now: published and released first (the root's deploy:local,
    // without npm, which warns of every setting pnpm hands down to the suite).
    command: 'slice publish --all --built --release && node ../scripts/serve.mjs',
    url: shellOrigin,
    reuseExistingServer: !process.env.CI,
    // The portals that may frame the demo provider: any local one, and the suite's other host name.
    env: { PORTAL_ORIGINS: 'http://localhost:*, http://nova-reels.test:*' },
  },
});
