import type { PageDeclaration } from '@nova/contracts/pages';
import type { FragmentList } from '@nova/contracts/remote-modules';
import { matchPath } from 'react-router-dom';
import type { PageAddress } from './render-fragment.tsx';

/**
 * One fragment a remote builds: the page, where it renders, and its file in `dist/fragments/`.
 * `notFound`: it stands for every address of the route that names nothing (see FragmentList).
 */
export interface FragmentAddress extends PageAddress {
  page: string;
  file: string;
  notFound?: true;
}

// A path's parameters name its file, so they must be safe as file names.
const slug = /^[\w-]+$/;

/** Whether a page's path has parameters (or a final `*`): then it has more addresses than one. */
const hasParameters = (path: string) => /(^|\/)(:|\*$)/.test(path);

/**
 * The fragment list's entries for every page the slice declares at one address (a path without
 * parameters), each rendered there: what a slice whose pages have no parameters lists, and the
 * rest of a list that adds the addresses of its other pages.
 */
export const fixedPathPages = (pages: readonly PageDeclaration[]): FragmentList =>
  pages.filter(({ path }) => !hasParameters(path)).map(({ module, path }) => ({ page: module, paths: [path] }));

/**
 * Every fragment of a remote's list, checked against the pages the remote declares (its
 * `src/exposes/pages.json`; the build checks each names a module the remote exposes): each page
 * is a declared one, each path an address of that page's path pattern, listed once, with slugs for
 * parameters. A page without parameters is `<Page>.json`; one with them is `<Page>/<values>.json`
 * (`GamePage/pug-life.json`), and what it shows at an address that names nothing,
 * `<Page>.not-found.json`.
 */
export function fragmentAddresses(
  remote: string,
  list: FragmentList,
  pages: readonly PageDeclaration[],
): FragmentAddress[] {
  const seen = new Set<string>();
  const files = new Map<string, string>();
  /** A file of one path alone (two patterns of one page give the same values another file). */
  const fileOf = (path: string, file: string) => {
    const other = files.get(file);
    if (other !== undefined) throw new Error(`${remote}: ${other} and ${path} would both be ${file}.`);
    files.set(file, path);
    return file;
  };
  return list.flatMap(({ page, paths, notFound }) => {
    const routes = pages.filter((declared) => declared.module === page).map((declared) => declared.path);
    if (routes.length === 0)
      throw new Error(
        `The fragment list of ${remote} names ${page}, which no page of ${remote} shows (src/exposes/pages.json).`,
      );
    const addressOf = (path: string) => {
      for (const route of routes) {
        const params = matchPath({ path: route, caseSensitive: true, end: true }, path)?.params;
        if (params) {
          if (seen.has(path)) throw new Error(`${remote}: ${path} is listed twice.`);
          seen.add(path);
          return { route, values: Object.values(params) as string[] };
        }
      }
      throw new Error(`${remote}/${page}: ${path} is not an address of its route ${routes.join(' or ')}.`);
    };
    const addresses: FragmentAddress[] = paths.map((path) => {
      const { route, values } = addressOf(path);
      if (!values.every((value) => slug.test(value))) {
        throw new Error(
          `${remote}/${page}: ${path} has a parameter that is not a slug (letters, digits, - and _), so it cannot name a file.`,
        );
      }
      const file = values.length === 0 ? `${page}.json` : `${page}/${values.join('/')}.json`;
      return { page, route, path, file: fileOf(path, file) };
    });
    if (notFound === undefined) return addresses;
    const { route, values } = addressOf(notFound);
    if (values.length === 0)
      throw new Error(
        `${remote}/${page}: its route ${route} has no parameters, so every address of it names the page.`,
      );
    const file = fileOf(notFound, `${page}.not-found.json`);
    return [...addresses, { page, route, path: notFound, file, notFound: true as const }];
  });
}
