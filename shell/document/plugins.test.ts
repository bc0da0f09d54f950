// @vitest-environment node
import type { IndexHtmlTransformContext, Rollup } from 'vite';
import { expect, it } from 'vitest';
import { preloadEveryScript } from './plugins.js';

const chunk = (fileName: string, bytes: number) =>
  ({ type: 'chunk', fileName, code: 'x'.repeat(bytes) }) as Rollup.OutputChunk;

it("preloads every script of the shell but the document's own entry, the largest first", () => {
  const entry = chunk('assets/index.js', 500);
  const bundle = Object.fromEntries(
    [chunk('assets/small.js', 10), entry, chunk('assets/large.js', 9000), chunk('assets/medium.js', 700)].map(
      (file) => [file.fileName, file],
    ),
  );
  type Handler = (
    html: string,
    context: Partial<IndexHtmlTransformContext>,
  ) => { html: string; tags: { attrs: { href: string } }[] };
  const { handler } = preloadEveryScript().transformIndexHtml as unknown as { handler: Handler };
  const html = '<head><link rel="modulepreload" crossorigin href="/assets/small.js">\n</head>';
  const { html: stripped, tags } = handler(html, { bundle, chunk: entry });
  expect(stripped).toBe('<head></head>');
  expect(tags.map((tag) => tag.attrs.href)).toEqual(['/assets/large.js', '/assets/medium.js', '/assets/small.js']);
});
