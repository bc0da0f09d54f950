import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

/** A plain static site: the launcher page (launch.html, served as /launch) and its hashed assets. */
export default defineConfig({
  // Every text file also as .br and .gz, so a static host sends them compressed.
  plugins: [compression({ logLevel: 'silent' })],
  // 127.0.0.1: another site than the portal's (localhost), as .env's launcher URL says.
  server: { host: '127.0.0.1', port: 4178, strictPort: true },
  preview: { host: '127.0.0.1', port: 4178, strictPort: true },
  build: {
    target: 'es2022',
    rolldownOptions: { input: { launch: fileURLToPath(new URL('launch.html', import.meta.url)) } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['@testing-library/jest-dom/vitest'],
  },
});
