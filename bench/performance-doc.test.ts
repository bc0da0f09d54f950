import { describe, expect, it } from 'vitest';
import { loadSectionOf, withLoadSection, withPage } from './performance-doc.mjs';

const page = '# Performance\n\n| route | JS |\n| --- | --- |\n| / | 1 |\n';
const section = '<!-- bench:load -->\n## Load\n\n| a | b |\n<!-- /bench:load -->';

describe('docs/performance.md, written by two benchmarks', () => {
  it('pnpm bench writes its page and keeps the load section', () => {
    const document = withPage(`# Old page\n\n${section}\n`, page);
    expect(document.startsWith('# Performance')).toBe(true);
    expect(document).not.toContain('# Old page');
    expect(loadSectionOf(document)).toBe(section);
  });

  it('pnpm bench writes its page alone where there is no load section', () => {
    expect(withPage('# Old page\n', page)).toBe(page);
  });

  it('pnpm bench:load replaces only its section', () => {
    const document = withLoadSection(`${page}\n${section}\n`, '## Load, again\n');
    expect(document.startsWith(page)).toBe(true);
    expect(loadSectionOf(document)).toBe('<!-- bench:load -->\n## Load, again\n<!-- /bench:load -->');
    expect(document).not.toContain('## Load\n');
  });

  it('pnpm bench:load appends its section where there is none, or starts the file', () => {
    expect(withLoadSection(page, '## Load')).toBe(`${page}\n<!-- bench:load -->\n## Load\n<!-- /bench:load -->\n`);
    expect(withLoadSection('', '## Load')).toBe('<!-- bench:load -->\n## Load\n<!-- /bench:load -->\n');
  });

  it('pnpm bench:load keeps a $ in its figures as it is', () => {
    expect(loadSectionOf(withLoadSection(section, "$' and $&"))).toContain("$' and $&");
  });
});
