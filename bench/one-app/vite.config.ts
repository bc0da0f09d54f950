import { shell, slices } from '@nova/contracts/slices';
import { envDir } from '@nova/tooling/deployment-env';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { repoRoot } from '@nova/tooling/repo-root';

const federationDir = join(repoRoot, shell.folder, 'src/federation');
const bundledRuntime = '\0one-app-runtime';
const nothing = '\0one-app-nothing';

/** A slice's pages, as it declares them (its src/exposes/pages.json). */
const declaredPages = (folder: string) =>
  JSON.parse(readFileSync(join(repoRoot, folder, 'src/exposes/pages.json'), 'utf8')) as {
    path: string;
    module: string;
    title: string;
  }[];

/** The modules a slice's pages show. */
const pageModules = (folder: string) => [...new Set(declaredPages(folder).map(({ module }) => module))];

/**
 * The shell's federation wiring, replaced: its remote loader by plain lazy imports of the modules
 * every slice's pages show, as each declares them, and what it provides to the slices by
 * nothing. The same pages, split by route, with no federation at all.
 */
function bundleRemotePages(): Plugin {
  const pages = Object.entries(slices).flatMap(([name, slice]) =>
    pageModules(slice.folder).map(
      (page) => `'${name}/${page}': () => import('${join(repoRoot, slice.folder, 'src/exposes', `${page}.ts`)}'),`,
    ),
  );
  // The router's table, as a map of the composed site would give it.
  const routes = Object.entries(slices).flatMap(([name, slice]) =>
    declaredPages(slice.folder).map((page) => ({ ...page, module: `${name}/${page.module}` })),
  );
  const map = { entries: {}, problems: {}, previews: {}, versions: {}, integrities: {}, origins: {}, pages: routes };
  return {
    name: 'bundle-remote-pages',
    enforce: 'pre',
    async resolveId(source, importer) {
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (resolved?.id === `${federationDir}/runtime.ts`) return bundledRuntime;
      if (resolved?.id === `${federationDir}/provided-to-slices.ts`) return nothing;
      return undefined;
    },
    load(id) {
      if (id === nothing) return '';
      if (id !== bundledRuntime) return undefined;
      return [
        `const pages = {`,
        ...pages,
        `};`,
        `export async function registeredRemotes() { return ${JSON.stringify(map)}; }`,
        `export const originAttemptMs = 0;`,
        `export const startFromServer = (map) => map;`,
        `export function loadRemotePage(id) { return pages[id](); }`,
        `export const retryRemotePage = loadRemotePage;`,
        // One version of everything: field signals are counted as the composed site counts them.
        `export async function registeredVersion() { return 'one-app'; }`,
      ].join('\n');
    },
  };
}

/** The shell and every slice's pages built as one plain Vite app, to measure what federation costs. */
export default defineConfig({
  root: join(repoRoot, shell.folder),
  envDir,
  plugins: [react({ jsxImportSource: '@emotion/react' }), bundleRemotePages(), compression({ logLevel: 'silent' })],
  build: { outDir: fileURLToPath(new URL('./dist', import.meta.url)), emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
