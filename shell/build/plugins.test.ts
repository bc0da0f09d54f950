// @vitest-environment node
import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { splitPage } from '@nova/contracts/routes';
import { dataBlockId, readDataBlock } from '../document/data-block.js';
import { inlineBoot, preloadEveryScript, takeBootstrap } from './plugins.js';

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

describe("the document's inline boot script", () => {
  const [inline, bootstrapped] = inlineBoot();
  const [tag] = (inline!.transformIndexHtml as () => HtmlTagDescriptor[])();
  const injected = tag!.children as string;
  /** A built document as Vite and the federation plugin leave it, the boot script injected. */
  const built = [
    `<!doctype html>\n<html lang="en">\n  <head>\n    <script>${injected}</script>\n`,
    '    <title>Nova Reels</title>\n',
    '    <script type="module" crossorigin src="/assets/mf-entry-bootstrap-0.js"></script>\n',
    '      <link rel="modulepreload" crossorigin href="/assets/large.js">\n',
    '      <link rel="modulepreload" crossorigin href="/assets/small.js">\n',
    '    <link rel="modulepreload" crossorigin href="/assets/index.js"></head>\n',
    '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  ].join('');
  /** Runs the build's step on a bundle holding `html` as index.html; its index.html after. */
  const afterBuild = (html: string) => {
    const document = { type: 'asset', fileName: 'index.html', source: html };
    const context = {
      error: (message: string) => {
        throw new Error(message);
      },
    };
    (bootstrapped!.generateBundle as (this: unknown, ...args: unknown[]) => void).call(
      context,
      {},
      {
        'index.html': document,
      },
    );
    return document.source;
  };

  it('is injected first in the head, minified, with no route table and no bootstrap list (the dev server keeps its scripts)', () => {
    expect(tag).toMatchObject({ tag: 'script', injectTo: 'head-prepend' });
    expect(injected).toMatch(/\}\)\(function\(\w+\)\{.*\},`nova-data-block`,function\(\w+\)\{.*\}\);$/);
    expect(injected).not.toContain('HomePage');
    expect((bootstrapped as Plugin).apply).toBe('build');
  });

  it("takes a build's module script and modulepreloads out of the document into the boot call, in their order", () => {
    const html = afterBuild(built);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<title>Nova Reels</title>\n    </head>');
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    // The boot call's arguments, as the build wrote them: the data block's reader (its source) and
    // id, the contracts' splitPage (its source), the list. The pages are the map's, not the build's.
    const call = script.slice(script.lastIndexOf('})(function') + '})('.length, -');'.length);
    const [read, id, split, bootstrap] = new Function(`return [${call}]`)() as unknown[];
    expect(String(read)).toContain('getElementById');
    expect(typeof read).toBe(typeof readDataBlock);
    expect(id).toBe(dataBlockId);
    expect((split as typeof splitPage)('games/GamePage')).toEqual(splitPage('games/GamePage'));
    expect(bootstrap).toEqual({
      script: '/assets/mf-entry-bootstrap-0.js',
      preloads: ['/assets/large.js', '/assets/small.js', '/assets/index.js'],
    });
  });

  it('refuses a build whose document lost the boot script or has no module script', () => {
    expect(() => afterBuild(built.replace(injected, 'other()'))).toThrow('inline boot script');
    expect(() => takeBootstrap('<head></head>')).toThrow('no module script');
  });
});
