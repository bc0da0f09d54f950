import type { FragmentList } from '@nova/contracts/remote-modules';
import { routes } from '@nova/contracts/routes';

/** What the build renders to HTML fragments: Home. */
export const fragments = [{ page: 'HomePage', paths: [routes.home.path] }] satisfies FragmentList<'marketing'>;
