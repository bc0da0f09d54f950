import type { ComponentType } from 'react';
import type { SliceName } from './slices.js';

/** A page a remote exposes: its default export renders the whole page. */
export interface PageModule {
  default: ComponentType;
}

export type RemoteName = SliceName;

/**
 * A module a slice exposes, as `<slice>/<exposed name>` (`games/GamePage`). Which modules a slice
 * exposes is its own build's (its `src/exposes/<Page>.ts` files), not a type of the contracts: a
 * page or a slice comes without a new @nova/contracts.
 */
export type RemoteModuleId = `${string}/${string}`;

/** What each exposed module delivers: every one is a page. */
export type RemoteModules = Record<RemoteModuleId, PageModule>;

/**
 * The pages a remote renders to HTML fragments when it builds (its `src/exposes/fragment-list.ts`):
 * each page it declares (by its exposed module) with every concrete path it serves, e.g. one per
 * game; and, for a page whose path has parameters, an address of it that names nothing
 * (`notFound`): what that shows stands for every other address of the page, which the server
 * answers 404. (Its parameter, the slice's name, is what @nova/contracts 1.0 asked for: any is taken.)
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- kept for @nova/contracts 1.0's users
export type FragmentList<_Slice extends string = string> = readonly {
  page: string;
  paths: readonly string[];
  notFound?: string;
}[];
