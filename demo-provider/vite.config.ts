import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A plain static site: the launcher page (launch.html, served as /launch) and its hashed assets. */
export default defineConfig({
  server: { port: 4178, strictPort: true },
  preview: { port: 4178, strictPort: true },
  build: {
    target: 'es2022',
    rolldownOptions: { input: { launch: fileURLToPath(new URL('launch.html', import.meta.url)) } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['@testing-library/jest-dom/vitest'],
  },
});
