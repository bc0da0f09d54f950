import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { federationDefaults } from './federation.ts';

interface AppOptions {
  /** The federation container name; a remote's name is what remotes.json lists. */
  name: string;
  /** Port of the dev server and of `vite preview`. */
  port: number;
  /** Exposed modules; only remotes have them. */
  exposes?: Record<string, string>;
}

/**
 * The Vite config of every app. The shell is served at the site root. A remote's build is its
 * remote entry alone (its index.html harness is for `vite` dev only), with relative URLs so
 * its files load from wherever remotes.json says it lives.
 */
export function defineAppConfig({ name, port, exposes }: AppOptions) {
  const isRemote = exposes !== undefined;
  return defineConfig({
    base: isRemote ? './' : '/',
    // Deployment configuration (.env) lives at the repository root.
    envDir: fileURLToPath(new URL('../../..', import.meta.url)),
    plugins: [
      react({ jsxImportSource: '@emotion/react' }),
      federation({ ...federationDefaults, name, filename: 'remoteEntry.js', exposes }),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    // Dev server: pre-bundle afresh on every start. With a warm cache the federation plugin
    // leaves shared modules unmaterialised and @nova/store crashes at load
    // ("createJSONStorage is not a function"; module-federation/vite#1219).
    optimizeDeps: { force: true },
    preview: { port, strictPort: true },
    // Hidden source maps: not referenced by the bundles; the e2e suite reads them to see
    // which library every downloaded file carries.
    build: {
      target: 'es2022',
      sourcemap: 'hidden',
      ...(isRemote && { rolldownOptions: { input: {} } }),
    },
    test: {
      environment: 'jsdom',
      setupFiles: [new URL('./test-setup.ts', import.meta.url).pathname],
    },
  });
}
