import type { FragmentList, RemoteModuleId, RemoteName } from '@nova/contracts/remote-modules';
import { pageRoute } from '@nova/contracts/routes';
import { slices } from '@nova/contracts/slices';
import { matchPath } from 'react-router-dom';
import type { PageAddress } from './render-fragment.tsx';

/** One fragment a remote builds: the page, where it renders, and its file in `dist/fragments/`. */
export interface FragmentAddress extends PageAddress {
  page: string;
  file: string;
}

// A path's parameters name its file, so they must be safe as file names.
const slug = /^[\w-]+$/;

/**
 * Every fragment of a remote's list, checked: each page is one the remote exposes, each path is
 * an address of that page's route, listed once, with slugs for parameters. A page without
 * parameters is `<Page>.json`; one with them is `<Page>/<values>.json` (`GamePage/pug-life.json`).
 */
export function fragmentAddresses<Name extends RemoteName>(remote: Name, list: FragmentList<Name>): FragmentAddress[] {
  const exposed: readonly string[] = slices[remote].exposes;
  const seen = new Set<string>();
  return list.flatMap(({ page, paths }) => {
    const route = exposed.includes(page) ? pageRoute(`${remote}/${page}` as RemoteModuleId) : undefined;
    if (!route)
      throw new Error(`The fragment list of ${remote} names ${page}, which ${remote} does not expose on a route.`);
    return paths.map((path) => {
      const params = matchPath({ path: route, caseSensitive: true, end: true }, path)?.params;
      if (!params) throw new Error(`${remote}/${page}: ${path} is not an address of its route ${route}.`);
      if (seen.has(path)) throw new Error(`${remote}: ${path} is listed twice.`);
      seen.add(path);
      const values = Object.values(params) as string[];
      if (!values.every((value) => slug.test(value))) {
        throw new Error(
          `${remote}/${page}: ${path} has a parameter that is not a slug (letters, digits, - and _), so it cannot name a file.`,
        );
      }
      return { page, route, path, file: values.length === 0 ? `${page}.json` : `${page}/${values.join('/')}.json` };
    });
  });
}
