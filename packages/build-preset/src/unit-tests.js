// @ts-check
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * The unit-test settings every project adds to its Vite config: jsdom and the shared setup. A test
 * that renders a page as a server then hydrates it as a browser (@nova/render/testing) loads
 * Emotion and React Router afresh in between, since both read their environment as they load:
 * Vitest runs them itself (inline) rather than leaving them to Node, from their ES modules (Vite's
 * own conditions and `module-sync`; Vitest's resolve to CommonJS, which Node would keep). The
 * platform packages (`@nova/*`) run inline too: installed from a registry they are in
 * node_modules, and they must use those same copies (and their images go through Vite).
 */
export const unitTestConfig = {
  resolve: { conditions: [...defaultClientConditions, 'module-sync'] },
  ssr: { resolve: { conditions: [...defaultServerConditions, 'module-sync'] } },
  /** @satisfies {import('vitest/config').ViteUserConfig['test']} */
  test: {
    environment: 'jsdom',
    setupFiles: [fileURLToPath(new URL('./test-setup.js', import.meta.url))],
    server: { deps: { inline: [/\/@emotion\//, /\/react-router(-dom)?\//, /\/@nova\//] } },
  },
};
