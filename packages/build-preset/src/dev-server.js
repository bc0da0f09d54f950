// @ts-check
// A slice's dev server for a development override (`slice dev`): its own Vite config, from its
// sources, with HMR, inside an environment whose shell and other slices are the released builds.
// Two additions make that work:
//   - the fragment endpoint (`devFragmentPath`), which renders a page's fragment from source on
//     each request, as the build's fragment step and `pnpm dev` do (server-source.js), for the
//     environment's composer to put in that browser's server HTML, and the pages endpoint
//     (`devPagesPath`), the pages its source declares now, which that browser is routed by;
//   - its exposed pages swapped in place on an edit. The environment's shell runs React's
//     production build, which has neither the development JSX runtime nor Fast Refresh: the
//     slice compiles as its production build does (NODE_ENV=production), and each exposed
//     module accepts its page's updates itself and renders the new one (the page's state starts
//     afresh; the document, the shell and its state stay).
import { devFragmentPath, devPagesPath } from '@nova/contracts/dev-override';
import { join } from 'node:path';
import { createServer } from 'vite';
import { fragmentsFromSource } from './server-source.js';
import { declaredPages, exposedModules, exposesFolder } from './slice-pages.js';

/** The query that loads an exposed module as it is written, behind its swappable stand-in. */
const asWritten = 'nova-as-written';

/**
 * Serves each exposed page (`src/exposes/<Page>.ts`) through a stand-in that renders its latest
 * version: an edit anywhere below it is accepted there and rendered without a reload.
 * @returns {import('vite').Plugin}
 */
function swappableExposes() {
  /** @type {string[]} */
  let exposed = [];
  return {
    name: 'nova:swappable-exposes',
    enforce: 'pre',
    apply: 'serve',
    configResolved(config) {
      exposed = exposedModules(config.root).map((page) => join(config.root, exposesFolder, `${page}.ts`));
    },
    transform(_, id, options) {
      if (options?.ssr || !exposed.includes(id)) return undefined;
      const written = JSON.stringify(`${id}?${asWritten}`);
      return [
        `import * as written from ${written};`,
        `import { createElement, useSyncExternalStore } from 'react';`,
        'let latest = written.default;',
        'const listeners = new Set();',
        'const subscribe = (listener) => (listeners.add(listener), () => listeners.delete(listener));',
        'export default function SwappablePage(props) {',
        '  const Page = useSyncExternalStore(subscribe, () => latest, () => latest);',
        '  return createElement(Page, props);',
        '}',
        'if (import.meta.hot) {',
        `  import.meta.hot.accept(${written}, (next) => {`,
        '    if (!next) return;',
        '    latest = next.default;',
        '    for (const listener of listeners) listener();',
        '  });',
        '}',
      ].join('\n');
    },
  };
}

/**
 * The fragment endpoint (`devFragmentPath`): a page's fragment, rendered from source on each
 * request, as JSON; 404 for a path the slice has no fragment for. Ahead of Vite's own
 * middlewares, whose fallback would answer with the harness's index.html.
 * @param {Awaited<ReturnType<typeof fragmentsFromSource>>} fragments
 * @param {string} origin
 * @returns {import('vite').Plugin}
 */
function fragmentEndpoint(fragments, origin) {
  return {
    name: 'nova:fragment-endpoint',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(devFragmentPath, (request, response) => {
        const query = new URL(request.url ?? '/', origin).searchParams;
        fragments
          .fragmentAt(query.get('path') ?? '', query.get('page') ?? '')
          .then((fragment) => {
            response.statusCode = fragment ? 200 : 404;
            response.setHeader('Content-Type', fragment ? 'application/json' : 'text/plain; charset=utf-8');
            response.setHeader('Cache-Control', 'no-store');
            response.end(fragment ? JSON.stringify(fragment) : 'No fragment: this slice shows no page at that path.');
          })
          .catch((/** @type {unknown} */ error) => {
            // The team's own console: their render's failure, with its stack.
            console.error(
              `Rendering the fragment of ${query.get('path')} failed: ${error instanceof Error ? error.stack : error}`,
            );
            response.statusCode = 500;
            response.end("The fragment could not be rendered: see the dev server's output.");
          });
      });
    },
  };
}

/**
 * The pages endpoint (`devPagesPath`): the pages the slice's source declares now, read and checked
 * on each request as its build does; 500 with the build's words where they do not hold.
 * @param {string} root the slice's folder
 * @returns {import('vite').Plugin}
 */
function pagesEndpoint(root) {
  return {
    name: 'nova:pages-endpoint',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(devPagesPath, (_request, response) => {
        const declared = declaredPages(root, exposedModules(root));
        response.statusCode = declared.pages ? 200 : 500;
        response.setHeader('Content-Type', declared.pages ? 'application/json' : 'text/plain; charset=utf-8');
        response.setHeader('Cache-Control', 'no-store');
        response.end(declared.pages ? JSON.stringify(declared.pages) : declared.problems.join('\n'));
      });
    },
  };
}

/**
 * Starts the slice's dev server on `port`, with its fragment and pages endpoints.
 * @param {{ name: string, root: string, port: number, environment: string }} options
 *   root: the slice's folder (its vite.config.ts); environment: the site that loads its modules
 *   (the only other origin they are served to)
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function startOverrideDevServer({ name, root, port, environment }) {
  process.env.NODE_ENV = 'production';
  const origin = `http://localhost:${port}`;
  const fragments = await fragmentsFromSource(name, origin, root);
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    server: { port, strictPort: true, origin, cors: { origin: [new URL(environment).origin] } },
    plugins: [swappableExposes(), fragmentEndpoint(fragments, origin), pagesEndpoint(root)],
  });
  await server.listen();
  return {
    origin,
    close: async () => {
      await server.close();
      await fragments.close();
    },
  };
}
