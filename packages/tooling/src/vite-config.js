// @ts-check
// Plain JavaScript: Vite loads app configs with Node, which imports this package as it is.
import { federation } from '@module-federation/vite';
import { shell, slices } from '@nova/contracts/slices';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { federationOptions } from './federation.js';

/**
 * The Vite config of every app. The shell is served at the site root. A remote's build is its
 * remote entry alone (its index.html harness is for `vite` dev only), with relative URLs so
 * its files load from wherever remotes.json says it lives.
 * @param {{ name: string, port: number, exposes?: Record<string, string>, plugins?: import('vite').PluginOption[] }} app
 *   name: the federation container name (a remote's is what remotes.json lists);
 *   port: of the dev server and `vite preview`; exposes: only remotes have them.
 */
function defineAppConfig({ name, port, exposes, plugins = [] }) {
  const isRemote = exposes !== undefined;
  return defineConfig(({ command }) => ({
    base: isRemote ? './' : '/',
    // Deployment configuration (.env) lives at the repository root.
    envDir: fileURLToPath(new URL('../../..', import.meta.url)),
    plugins: [
      react({ jsxImportSource: '@emotion/react' }),
      federation(federationOptions({ name, exposes, build: command === 'build' })),
      // Every text file also as .br and .gz, so a static host sends them compressed; not the
      // remote map, which each environment edits.
      compression({ exclude: /remotes\.json$/, logLevel: 'silent' }),
      ...plugins,
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
      sourcemap: /** @type {const} */ ('hidden'),
      ...(isRemote && { rolldownOptions: { input: {} } }),
    },
    test: {
      environment: 'jsdom',
      setupFiles: [fileURLToPath(new URL('./test-setup.ts', import.meta.url))],
    },
  }));
}

/**
 * The shell's config: it lists no remotes; it reads them from /remotes.json at start-up.
 * @param {{ plugins?: import('vite').PluginOption[] }} [options] what the shell adds to its build
 */
export function defineShellConfig({ plugins } = {}) {
  return defineAppConfig({ name: 'shell', port: shell.port, plugins });
}

/**
 * A slice's config: its port and exposed pages come from the slice list.
 * @param {import('@nova/contracts/slices').SliceName} name
 */
export function defineRemoteConfig(name) {
  const { port, exposes } = slices[name];
  return defineAppConfig({
    name,
    port,
    exposes: Object.fromEntries(exposes.map((page) => [`./${page}`, `./src/exposes/${page}.ts`])),
  });
}
