// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shellDocument } from './shell-document.mjs';

const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const parts = {
  dataBlock: '<script type="application/json" id="data">{}</script>',
  head: '',
  root: '<main>Page</main>',
};

describe("the shell's document", () => {
  /** As the shell's build writes it: the boot script carries the bootstrap list; no module script, no preload. */
  const built = [
    '<!doctype html>\n<html lang="en">\n  <head>\n    <script>boot({script:"/assets/main.js"})</script>\n',
    '    <meta charset="UTF-8" />\n    <title>Nova Reels</title>\n    </head>\n',
    '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  ].join('');

  it("takes the data block first in its head, the page's head last, its title replacing the shell's, the page in #root", () => {
    const filled = shellDocument(built).fill({ ...parts, head: '<title>Games</title><link rel="preload" href="/a">' });
    expect(filled).toBe(
      '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="application/json" id="data">{}</script>\n' +
        '    <script>boot({script:"/assets/main.js"})</script>\n    <meta charset="UTF-8" />\n    ' +
        '<title>Games</title><link rel="preload" href="/a"></head>\n' +
        '  <body>\n    <div id="root"><main>Page</main></div>\n  </body>\n</html>\n',
    );
  });

  it("keeps the shell's title for a page that brings none", () => {
    expect(shellDocument(built).fill(parts)).toContain('<title>Nova Reels</title>');
  });

  it('is the document as built, nothing taken out: the static document, and its boot script hashed for the CSP', () => {
    const document = shellDocument(built);
    expect(document.static).toBe(built);
    expect(document.inlineScripts).toEqual([hash('boot({script:"/assets/main.js"})')]);
    expect(document.fill(parts)).toContain('<script>boot({script:"/assets/main.js"})</script>');
  });

  it("takes Vite's dev document as it is: its module scripts stay, to run as the browser reaches them", () => {
    const refresh = 'import { injectIntoGlobalHook } from "/@react-refresh";\ninjectIntoGlobalHook(window);';
    const dev = [
      '<!doctype html>\n<html lang="en">\n  <head>\n',
      `    <script type="module">${refresh}</script>\n`,
      '    <script type="module" src="/@vite/client"></script>\n',
      '    <script>boot()</script>\n    <title>Nova Reels</title>\n  </head>\n',
      '  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
    ].join('');
    const document = shellDocument(dev);
    const filled = document.fill(parts);
    expect(filled).toContain('<script type="module" src="/@vite/client"></script>');
    expect(filled).toContain(`<script type="module">${refresh}</script>`);
    expect(filled).toContain(
      '<div id="root"><main>Page</main></div>\n    <script type="module" src="/src/main.tsx"></script>',
    );
    expect(document.static).toBe(dev);
    expect(document.inlineScripts).toContain(hash('boot()'));
  });

  it("refuses a document without the shell's #root", () => {
    expect(() => shellDocument('<html><head></head><body></body></html>')).toThrow('<div id="root"></div>');
  });
});
