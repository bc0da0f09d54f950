// @ts-check
// docs/performance.md is written by two benchmarks: `pnpm bench` writes the page, and
// `pnpm bench:load` its own section between markers. Each replaces only its own part.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@nova/tooling/repo-root';

const performanceDoc = join(repoRoot, 'docs/performance.md');

const start = '<!-- bench:load -->';
const end = '<!-- /bench:load -->';

/**
 * The load section of a document, markers included ('' when it has none).
 * @param {string} document
 */
export function loadSectionOf(document) {
  const from = document.indexOf(start);
  const to = document.indexOf(end, from);
  return from < 0 || to < 0 ? '' : document.slice(from, to + end.length);
}

/**
 * `page` (what `pnpm bench` writes) followed by the load section of `document`, if it has one.
 * @param {string} document
 * @param {string} page
 */
export function withPage(document, page) {
  const section = loadSectionOf(document);
  return section ? `${page.trimEnd()}\n\n${section}\n` : page;
}

/**
 * `document` with its load section replaced by `section` (appended when it has none).
 * @param {string} document
 * @param {string} section Markdown, without the markers
 */
export function withLoadSection(document, section) {
  const marked = `${start}\n${section.trim()}\n${end}`;
  const current = loadSectionOf(document);
  if (current) return document.replace(current, () => marked);
  return `${document.trimEnd()}${document.trim() ? '\n\n' : ''}${marked}\n`;
}

/** Rewrites docs/performance.md with `change` applied to what it holds. */
export function updatePerformanceDoc(/** @type {(document: string) => string} */ change) {
  const document = existsSync(performanceDoc) ? readFileSync(performanceDoc, 'utf8') : '';
  writeFileSync(performanceDoc, change(document));
}
