// @ts-check
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { build } from 'vite';

/**
 * React Router's production build, as the app at `root` resolves it: its package points Node at
 * the development build (dev-only checks and warnings on every render).
 * @param {string} root
 */
function reactRouterProduction(root) {
  const fromApp = createRequire(join(root, 'package.json'));
  const routerDom = dirname(fromApp.resolve('react-router-dom/package.json'));
  const router = dirname(createRequire(join(routerDom, 'package.json')).resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: join(router, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(router, 'dist/production/dom-export.mjs') },
  ];
}

/**
 * After the shell's browser build, builds its server entry (what the composer renders
 * the layout with) for Node into `output`, one self-contained file with the production builds of
 * React, React Router and Emotion, so it runs the same wherever it is deployed.
 * @param {{ entry: string, output: string, plugins: import('vite').PluginOption[] }} options
 *   entry and output: relative to the shell's root (the slice list's `shell.serverEntry` and
 *   `shell.serverBuild`); plugins: what compiles it (JSX)
 * @returns {import('vite').Plugin}
 */
export function shellServerBuild({ entry, output, plugins }) {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  return {
    name: 'nova:shell-server-build',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        envDir: config.envDir,
        logLevel: 'warn',
        plugins,
        resolve: { alias: reactRouterProduction(config.root) },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: entry,
          outDir: join(config.root, dirname(output)),
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: basename(output) } },
        },
      });
    },
  };
}
