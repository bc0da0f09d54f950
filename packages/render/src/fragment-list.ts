import type { FragmentList, RemoteModuleId, RemoteName } from '@nova/contracts/remote-modules';
import { pageRoute } from '@nova/contracts/routes';
import { slices } from '@nova/contracts/slices';
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

/**
 * Every fragment of a remote's list, checked: each page is one the remote exposes, each path is
 * an address of that page's route, listed once, with slugs for parameters. A page without
 * parameters is `<Page>.json`; one with them is `<Page>/<values>.json` (`GamePage/pug-life.json`),
 * and what it shows at an address that names nothing, `<Page>.not-found.json`.
 */
export function fragmentAddresses<Name extends RemoteName>(remote: Name, list: FragmentList<Name>): FragmentAddress[] {
  const exposed: readonly string[] = slices[remote].exposes;
  const seen = new Set<string>();
  return list.flatMap(({ page, paths, notFound }) => {
    const route = exposed.includes(page) ? pageRoute(`${remote}/${page}` as RemoteModuleId) : undefined;
    if (!route)
      throw new Error(`The fragment list of ${remote} names ${page}, which ${remote} does not expose on a route.`);
    const parametersOf = (path: string) => {
      const params = matchPath({ path: route, caseSensitive: true, end: true }, path)?.params;
      if (!params) throw new Error(`${remote}/${page}: ${path} is not an address of its route ${route}.`);
      if (seen.has(path)) throw new Error(`${remote}: ${path} is listed twice.`);
      seen.add(path);
      return Object.values(params) as string[];
    };
    const addresses: FragmentAddress[] = paths.map((path) => {
      const values = parametersOf(path);
      if (!values.every((value) => slug.test(value))) {
        throw new Error(
          `${remote}/${page}: ${path} has a parameter that is not a slug (letters, digits, - and _), so it cannot name a file.`,
        );
      }
      return { page, route, path, file: values.length === 0 ? `${page}.json` : `${page}/${values.join('/')}.json` };
    });
    if (notFound === undefined) return addresses;
    if (parametersOf(notFound).length === 0)
      throw new Error(
        `${remote}/${page}: its route ${route} has no parameters, so every address of it names the page.`,
      );
    return [...addresses, { page, route, path: notFound, file: `${page}.not-found.json`, notFound: true as const }];
  });
}
