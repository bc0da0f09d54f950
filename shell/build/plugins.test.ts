// @vitest-environment node
import type { IndexHtmlTransformContext, Rollup } from 'vite';
import { expect, it } from 'vitest';
import { preloadEveryScript } from './plugins.js';

const chunk = (fileName: string, bytes: number, more: Partial<Rollup.OutputChunk> = {}) =>
  ({ type: 'chunk', fileName, code: 'x'.repeat(bytes), ...more }) as Rollup.OutputChunk;

type Handler = (
  html: string,
  context: Partial<IndexHtmlTransformContext>,
) => { html: string; tags: { attrs: { href: string } }[] };

/** The plugin as the shell at /app builds with it. */
function shellBuildPlugin() {
  const plugin = preloadEveryScript();
  (plugin.configResolved as (config: { root: string }) => void)({ root: '/app' });
  return (plugin.transformIndexHtml as unknown as { handler: Handler }).handler;
}

it("preloads every script of the shell but the document's own entry, the largest first", () => {
  const entry = chunk('assets/index.js', 500);
  const bundle = Object.fromEntries(
    [chunk('assets/small.js', 10), entry, chunk('assets/large.js', 9000), chunk('assets/medium.js', 700)].map(
      (file) => [file.fileName, file],
    ),
  );
  const handler = shellBuildPlugin();
  const html = '<head><link rel="modulepreload" crossorigin href="/assets/small.js">\n</head>';
  const { html: stripped, tags } = handler(html, { bundle, chunk: entry });
  expect(stripped).toBe('<head></head>');
  expect(tags.map((tag) => tag.attrs.href)).toEqual(['/assets/large.js', '/assets/medium.js', '/assets/small.js']);
});

it("leaves out what the shell's own code loads later with import(), not what federation loads at start", () => {
  const entry = chunk('assets/mf-entry-bootstrap.js', 500, { isEntry: true });
  const bundle = Object.fromEntries(
    [
      entry,
      chunk('assets/index.js', 900, { isEntry: true, isDynamicEntry: true, facadeModuleId: '/app/src/main.tsx' }),
      chunk('assets/vitals.js', 800, { isDynamicEntry: true, facadeModuleId: '/app/src/telemetry/vitals.ts' }),
      chunk('assets/hostInit.js', 100, { isDynamicEntry: true, facadeModuleId: '\0virtual:mf:hostInit.js' }),
      chunk('assets/provided.js', 700, { isDynamicEntry: true, facadeModuleId: null }),
    ].map((file) => [file.fileName, file]),
  );
  const { tags } = shellBuildPlugin()('<head></head>', { bundle, chunk: entry });
  expect(tags.map((tag) => tag.attrs.href)).toEqual(['/assets/index.js', '/assets/provided.js', '/assets/hostInit.js']);
});
