// @ts-check
import { join } from 'node:path';
import { build } from 'vite';

/** Where the shell's server entry is built to: beside dist/, so no static host serves it. */
const shellServerDir = 'dist-server';

/**
 * After the shell's browser build, builds its server entry (what the composing server renders
 * the layout with) for Node: `dist-server/render-shell.mjs`. Dependencies stay in node_modules;
 * the workspace's packages are compiled in, as in the browser build.
 * @param {{ entry: string, plugins: import('vite').PluginOption[] }} options
 *   entry: relative to the shell's root; plugins: what compiles it (JSX)
 * @returns {import('vite').Plugin}
 */
export function shellServerBuild({ entry, plugins }) {
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
        build: {
          ssr: entry,
          outDir: join(config.root, shellServerDir),
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: 'render-shell.mjs' } },
        },
      });
    },
  };
}
