import type { ComponentType } from 'react';
import type { slices, SliceName } from './slices.js';

/** A page a remote exposes: its default export renders the whole page. */
export interface PageModule {
  default: ComponentType;
}

export type RemoteName = SliceName;

/** Every module the remotes expose, as `<remote>/<exposed name>`, read from the slice list. */
export type RemoteModuleId = {
  [Name in RemoteName]: `${Name}/${(typeof slices)[Name]['exposes'][number]}`;
}[RemoteName];

/** What each exposed module delivers: every one is a page. */
export type RemoteModules = Record<RemoteModuleId, PageModule>;

/**
 * The pages a remote renders to HTML fragments when it builds (its `src/exposes/fragment-list.ts`):
 * each exposed page with every concrete path it serves, e.g. one per game; and, for a page whose
 * route has parameters, an address of it that names nothing (`notFound`): what that shows stands
 * for every other address of the route, which the server answers 404.
 */
export type FragmentList<Name extends RemoteName> = readonly {
  page: (typeof slices)[Name]['exposes'][number];
  paths: readonly string[];
  notFound?: string;
}[];
