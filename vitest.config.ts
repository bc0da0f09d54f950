import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { unitTestConfig } from './packages/build-preset/src/unit-tests.js';

// Each app's vite.config.ts carries its own test settings; packages share one project.
export default defineConfig({
  test: {
    // Vitest keeps a core free by default; on two cores every one shortens the run (186 → 148 s).
    maxWorkers: availableParallelism(),
    projects: [
      'shell',
      'mfe-*',
      'demo-provider',
      {
        ...unitTestConfig,
        test: { ...unitTestConfig.test, name: 'packages', include: ['packages/*/src/**/*.test.{ts,tsx}'] },
      },
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'registry', include: ['registry/**/*.test.ts'], environment: 'node' } },
      // The discovery service's tests share one PostgreSQL cluster per run.
      {
        test: {
          name: 'discovery',
          include: ['discovery/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['discovery/src/postgres-setup.ts'],
        },
      },
    ],
  },
});
