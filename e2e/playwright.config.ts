import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutable } from './ensure-browser.mjs';

// Runs against the composed production build, served like separate deployments.
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: 'http://localhost:4173',
    trace: 'off',
    launchOptions: {
      executablePath: chromiumExecutable(),
      // This machine's network is closed: keep Chromium from calling home.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node ../scripts/serve.mjs',
    url: 'http://localhost:4173',
    reuseExistingServer: !process.env.CI,
  },
});
