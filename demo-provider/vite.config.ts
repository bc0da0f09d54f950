import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

/**
 * Where the portal's deployment configuration (the repository's .env) says the demo launcher
 * is: its host and port are ours.
 */
const { VITE_GAME_DEMO_BASE_URL: configured } = loadEnv('', fileURLToPath(new URL('..', import.meta.url)), 'VITE_');
if (!configured) throw new Error('VITE_GAME_DEMO_BASE_URL is not set in .env.');
const launcher = new URL(configured);
const address = { host: launcher.hostname, port: Number(launcher.port), strictPort: true };

/** A plain static site: the launcher page (launch.html, served as /launch) and its hashed assets. */
export default defineConfig({
  // Every text file also as .br and .gz, so a static host sends them compressed.
  plugins: [compression({ logLevel: 'silent' })],
  server: address,
  preview: address,
  build: {
    target: 'es2022',
    rolldownOptions: { input: { launch: fileURLToPath(new URL('launch.html', import.meta.url)) } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['@testing-library/jest-dom/vitest'],
  },
});
