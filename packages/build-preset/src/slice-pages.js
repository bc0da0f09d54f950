// @ts-check
// What a slice exposes and the pages it declares, both in its own folder, read by its build: the
// modules it exposes are its `src/exposes/<Page>.ts` files (the folder is the list), its pages
// `src/exposes/pages.json` (`[{ path, module, title }]`, see @nova/contracts/pages). The build
// writes the pages into its mf-manifest.json (`pages`), which `slice publish` records; a page that
// names a module the slice does not expose fails the build. A new page is a file and a line here:
// no contracts, no shell.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagesProblems } from '@nova/contracts/pages';

/** Where a slice's exposed modules are, one file each. */
export const exposesFolder = 'src/exposes';
/** Where a slice declares its pages. */
export const pagesFile = `${exposesFolder}/pages.json`;

/** An exposed module's file: named as a component (`GamePage.ts`), unlike a test or the fragment list. */
const exposedFile = /^([A-Z][A-Za-z0-9]{0,63})\.ts$/;

/**
 * The modules the slice in `app` exposes: one for each `src/exposes/<Page>.ts`, by name, sorted.
 * @param {string} app the slice's folder
 * @returns {string[]}
 */
export function exposedModules(app) {
  const folder = join(app, exposesFolder);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((file) => exposedFile.exec(file)?.[1])
    .filter((name) => name !== undefined)
    .sort();
}

/**
 * The pages the slice in `app` declares, checked: what is wrong with them (`problems`, each a
 * sentence naming the file), or them.
 * @param {string} app the slice's folder
 * @param {readonly string[]} exposed the modules it exposes
 * @returns {{ pages: import('@nova/contracts/pages').PageDeclaration[], problems: [] } | { pages?: undefined, problems: string[] }}
 */
export function declaredPages(app, exposed) {
  const file = join(app, pagesFile);
  if (!existsSync(file))
    return { problems: [`${pagesFile} is missing: declare the slice's pages there, [{ "path", "module", "title" }].`] };
  /** @type {unknown} */
  let pages;
  try {
    pages = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { problems: [`${pagesFile} is not JSON: ${error instanceof Error ? error.message : error}`] };
  }
  const problems = pagesProblems(pagesFile, pages);
  if (problems.length > 0) return { problems };
  const declared = /** @type {import('@nova/contracts/pages').PageDeclaration[]} */ (pages);
  const unexposed = declared
    .filter(({ module }) => !exposed.includes(module))
    .map(
      ({ path, module }) =>
        `${pagesFile}: ${path} shows ${module}, which the slice does not expose (no ${exposesFolder}/${module}.ts).`,
    );
  return unexposed.length > 0 ? { problems: unexposed } : { pages: declared, problems: [] };
}

/**
 * Checks the slice's declared pages as its build starts (a problem fails the build, saying
 * which page) and writes them into its federation manifest (`pages`), before the build id and the
 * compressed copies are made of it.
 * @param {{ app: string, exposed: readonly string[] }} slice
 *   app: the slice's folder; exposed: the modules its build exposes
 * @returns {import('vite').Plugin}
 */
export function pagesInManifest({ app, exposed }) {
  /** @type {import('@nova/contracts/pages').PageDeclaration[]} */
  let pages = [];
  return {
    name: 'nova:pages-in-manifest',
    apply: 'build',
    // After the federation plugin has emitted its manifest, before the fragment build hashes it.
    enforce: 'post',
    buildStart() {
      const declared = declaredPages(app, exposed);
      if (!declared.pages) this.error(`The slice's pages are not right:\n${declared.problems.join('\n')}`);
      pages = declared.pages;
    },
    generateBundle(_, bundle) {
      const manifest = bundle['mf-manifest.json'];
      if (manifest?.type !== 'asset') this.error('The build has no mf-manifest.json.');
      manifest.source = JSON.stringify({ ...JSON.parse(String(manifest.source)), pages });
    },
  };
}
