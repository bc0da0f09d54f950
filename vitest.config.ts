import { defineConfig } from 'vitest/config';

// Each app's vite.config.ts carries its own test settings; packages share one project.
export default defineConfig({
  test: {
    projects: [
      'shell',
      'mfe-*',
      'demo-provider',
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/tooling/src/test-setup.ts'],
        },
      },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
